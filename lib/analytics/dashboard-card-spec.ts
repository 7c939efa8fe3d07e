// A dashboard card as typed data: its kind, its kind's settings, its own timeframe and
// comparison. Stored in DashboardCard (config as JSON); the curated dashboards are lists of the
// same specs kept in code (curated-dashboards.ts).
import { z } from 'zod'
import { MEASUREMENTS } from '@/lib/metrics/run-metric-query'
import { TIMEFRAMES } from '@/lib/metrics/timeframe'
import { propertyNameProblem } from '@/lib/db/json-path'

export const CARD_KINDS = [
  'metric',
  'chart',
  'table',
  'campaign_figures',
  'flow_figures',
  'attributed_revenue',
  'list_growth',
  'saved_report',
] as const
export type CardKind = (typeof CARD_KINDS)[number]

/** A card reads a metric by id, or by name where it is written before the account has the metric. */
const metricRef = {
  metricId: z.string().trim().min(1).max(64).optional(),
  metricName: z.string().trim().min(1).max(255).optional(),
}
const measurement = z.enum(MEASUREMENTS, { message: 'Choose count, unique or sum_value.' }).default('count')
const property = z.string().superRefine((s, ctx) => {
  const p = propertyNameProblem(s)
  if (p) ctx.addIssue({ code: 'custom', message: p })
})
const channel = z.enum(['email', 'sms'], { message: 'Choose email or sms.' }).default('email')

export const cardConfig = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('metric'), config: z.object({ ...metricRef, measurement }).strict() }),
  z.object({
    kind: z.literal('chart'),
    config: z
      .object({ ...metricRef, measurement, granularity: z.enum(['daily', 'weekly', 'monthly']).default('daily') })
      .strict(),
  }),
  z.object({ kind: z.literal('table'), config: z.object({ ...metricRef, measurement, property }).strict() }),
  z.object({ kind: z.literal('campaign_figures'), config: z.object({ channel }).strict() }),
  z.object({ kind: z.literal('flow_figures'), config: z.object({ channel }).strict() }),
  z.object({ kind: z.literal('attributed_revenue'), config: z.object({}).strict() }),
  z.object({ kind: z.literal('list_growth'), config: z.object({}).strict() }),
  z.object({
    kind: z.literal('saved_report'),
    config: z.object({ reportId: z.string().trim().min(1).max(64) }).strict(),
  }),
])

const common = z.object({
  title: z.string().trim().min(1, 'Give the card a title.').max(120, 'The title is too long.'),
  // A card follows the calendar; a fixed custom range belongs in a saved report.
  timeframe: z
    .enum(TIMEFRAMES)
    .refine((t) => t !== 'custom', { message: 'Choose a preset timeframe.' })
    .default('last_30_days'),
  compare: z.boolean().default(true),
  width: z.number().int().min(1).max(4).default(1),
})

export const cardSpec = z.intersection(common, cardConfig)
export type CardSpec = z.output<typeof cardSpec>
export type CardSpecInput = z.input<typeof cardSpec>
