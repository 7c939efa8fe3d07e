// Inputs of the /ajax metric calls (seed 002 §7.9), as zod schemas. Query strings arrive as text.
import { z } from 'zod'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { propertyNameSchema } from '@/lib/db/json-path'
import { FILTER_OPS, normalizeOp, type MetricFilter } from './filters'
import { MEASUREMENT_NAMES } from './get-metric-chart'
import { GRANULARITIES, TIMEFRAMES } from './timeframe'
import { MAX_FEED_PAGE_SIZE } from './list-metric-events'

/** Metric ids are short ids; anything else is a bad request, not a lookup. */
export function metricIdParam(id: string | undefined): string {
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw badRequest('Invalid metric id.', { id: ['Invalid metric id.'] })
  return id
}

/** The largest id an Int column holds (PostgreSQL's integer; a larger bound value is an error there). */
export const MAX_INT_ID = 2_147_483_647

export function intParam(value: string | undefined, field = 'id'): number {
  const n = Number(value)
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw badRequest(`Invalid ${field}.`, { [field]: [`Invalid ${field}.`] })
  // Well-formed but beyond any stored row: not found, on both engines alike.
  if (n > MAX_INT_ID) throw notFound('Not found.')
  return n
}

const date = z.string().max(40).optional()
const measurement = z
  .string()
  .default('c')
  .refine((m) => Object.hasOwn(MEASUREMENT_NAMES, m), { message: 'Use q, c or v (unique, count, value).' })
  .transform((m) => MEASUREMENT_NAMES[m]!)

const filter = z.object({
  field: propertyNameSchema,
  op: z.string().refine((op) => normalizeOp(op) !== null, { message: `Use one of: ${FILTER_OPS.join(', ')}.` }),
  value: z.unknown().optional(),
})

/** `where` is a JSON array of {field, op, value} in the query string. */
const where = z
  .string()
  .max(20_000)
  .optional()
  .transform((s, ctx): MetricFilter[] | undefined => {
    if (!s) return undefined
    try {
      const parsed = z.array(filter).max(50).safeParse(JSON.parse(s))
      if (parsed.success) return parsed.data
      // Keyed by the filter's own path (where.0.field), so the answer names the field.
      const first = parsed.error.issues[0]
      ctx.addIssue({
        code: 'custom',
        path: first?.path.map(String) ?? [],
        message: first?.message ?? 'Invalid filters.',
      })
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The filters are not valid JSON.' })
    }
    return z.NEVER
  })

const timeframeFields = {
  timeframe: z.enum(TIMEFRAMES).default('last_30_days'),
  start: date,
  end: date,
}

export const metricChartQuery = z.object({
  ...timeframeFields,
  granularity: z.enum(GRANULARITIES).default('daily'),
  measurement,
  by: propertyNameSchema.optional(),
  where,
  sort: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
})

export const metricEventsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_FEED_PAGE_SIZE).default(25),
})

export const listMetricsQuery = z.object({ search: z.string().max(200).optional() })

export const metricExportBody = z.object(timeframeFields)
