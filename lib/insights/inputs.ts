// Query inputs of the insights endpoints (zod): a bad date or range is a 400 naming the field.
import { z } from 'zod'

const DAY = 86_400
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.')
  .refine(
    (s) => !Number.isNaN(Date.parse(s + 'T00:00:00Z')) && new Date(s + 'T00:00:00Z').toISOString().startsWith(s),
    {
      message: 'Not a valid date.',
    },
  )

/** The end of a UTC day in Unix seconds: orders of that whole day count "as of" it. */
export const endOfDay = (date: string): number => Date.parse(date + 'T00:00:00Z') / 1000 + DAY - 1
export const startOfDay = (date: string): number => Date.parse(date + 'T00:00:00Z') / 1000
export const today = (now = new Date()): string => now.toISOString().slice(0, 10)

export const RFM_GROUPS = [
  'champions',
  'loyal',
  'recent',
  'promising',
  'needs_attention',
  'at_risk',
  'cant_lose',
  'hibernating',
  'lost',
] as const
export type RfmGroup = (typeof RFM_GROUPS)[number]

export const rfmQuery = z
  .object({ date: isoDate.optional(), compare: isoDate.optional() })
  .strict()
  .refine((q) => !q.date || !q.compare || q.compare < q.date, {
    message: 'The comparison date must be before the date.',
    path: ['compare'],
  })

export const rfmListBody = z
  .object({
    group: z.enum(RFM_GROUPS),
    date: isoDate.optional(),
    name: z.string().trim().min(1).max(255).optional(),
  })
  .strict()

export const cohortDefinition = z
  .object({
    metricId: z.string().min(1).max(64).optional(),
    months: z.coerce.number().int().min(2, 'At least 2 months.').max(24, 'At most 24 months.').default(12),
    end: isoDate.optional(),
  })
  .strict()
export type CohortDefinition = z.infer<typeof cohortDefinition>

export const savedCohortBody = z
  .object({ name: z.string().trim().min(1, 'Enter a name.').max(255), definition: cohortDefinition })
  .strict()

/** A property key of the funnel's entry event to split by ($source, utm_source, traffic_source …). */
const propertyKey = z.string().regex(/^[\w$.: -]{1,64}$/, 'Letters, digits, $ _ . : - and spaces only (at most 64).')

export const funnelQuery = z
  .object({ start: isoDate, end: isoDate, by: propertyKey.optional() })
  .strict()
  .refine((q) => q.start <= q.end, { message: 'The start must not be after the end.', path: ['start'] })
  .refine((q) => (startOfDay(q.end) - startOfDay(q.start)) / DAY <= 366, {
    message: 'At most 366 days.',
    path: ['end'],
  })

export const productsQuery = z
  .object({ start: isoDate, end: isoDate, limit: z.coerce.number().int().min(1).max(100).default(20) })
  .strict()
  .refine((q) => q.start <= q.end, { message: 'The start must not be after the end.', path: ['start'] })
  .refine((q) => (startOfDay(q.end) - startOfDay(q.start)) / DAY <= 731, {
    message: 'At most two years.',
    path: ['end'],
  })
