// A report of the report builder as typed data (zod), stored in SavedReport.definition and
// ReportRun.definition. The names are seed 002 §3.5's: measurements count / unique / sum_value,
// the 22 timeframes, the granularities, the filter operators. What the engine cannot answer is
// refused here, so a bad definition is a 400 naming its field before anything runs or is saved.
import { z } from 'zod'
import { FILTER_OPS, normalizeOp } from '@/lib/metrics/filters'
import { MEASUREMENTS } from '@/lib/metrics/run-metric-query'
import { TIMEFRAMES } from '@/lib/metrics/timeframe'
import { propertyNameProblem } from '@/lib/db/json-path'

export const MAX_GROUP_BYS = 3
export const MAX_FILTERS = 10
export const MAX_GROUPS_SHOWN = 1000
/** A custom range spans at most two years (731 days covers a leap day). */
export const MAX_CUSTOM_DAYS = 731

export const MESSAGE_CHANNELS = ['email', 'sms'] as const
export const MESSAGE_TYPES = ['campaign', 'flow'] as const
/** The message events a message source counts (lib/messaging/message-events MESSAGE_METRICS keys). */
export const MESSAGE_EVENTS = {
  email: ['sent', 'opened', 'clicked', 'bounced', 'spam', 'unsubscribed'],
  sms: ['sent', 'received', 'clicked', 'failed', 'unsubscribed'],
} as const

export { PROFILE_DIMENSION_COLUMNS as PROFILE_COLUMNS } from '@/lib/metrics/breakdown-sql'

const propertyName = z.string().superRefine((s, ctx) => {
  const problem = propertyNameProblem(s)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

const id = z.string().trim().min(1, 'Choose one.').max(64)

const source = z.discriminatedUnion('type', [
  z.object({ type: z.literal('metric'), metricId: id }).strict(),
  z.object({ type: z.literal('custom_metric'), customMetricId: id }).strict(),
  z
    .object({
      type: z.literal('messages'),
      channel: z.enum(MESSAGE_CHANNELS, { message: 'Choose email or sms.' }),
      messageType: z.enum(MESSAGE_TYPES, { message: 'Choose campaign or flow.' }),
      event: z.string().default('sent'),
    })
    .strict()
    .superRefine((s, ctx) => {
      if (!(MESSAGE_EVENTS[s.channel] as readonly string[]).includes(s.event))
        ctx.addIssue({
          code: 'custom',
          path: ['event'],
          message: `Choose one of ${MESSAGE_EVENTS[s.channel].join(', ')}.`,
        })
    }),
])

const groupBy = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event_property'), name: propertyName }).strict(),
  z.object({ type: z.literal('profile_property'), name: propertyName }).strict(),
  z.object({ type: z.literal('campaign') }).strict(),
  z.object({ type: z.literal('flow') }).strict(),
  z.object({ type: z.literal('time'), granularity: z.enum(['daily', 'weekly', 'monthly']) }).strict(),
])

const filter = z
  .object({
    field: propertyName,
    op: z.string().refine((op) => normalizeOp(op) !== null, { message: `Choose one of ${FILTER_OPS.join(', ')}.` }),
    value: z.unknown().optional(),
  })
  .strict()

const civilDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.')

const timeframe = z
  .object({
    range: z.enum(TIMEFRAMES, { message: 'Choose a timeframe.' }),
    start: civilDate.optional(),
    end: civilDate.optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.range !== 'custom') return
    if (!t.start) ctx.addIssue({ code: 'custom', path: ['start'], message: 'A custom timeframe needs a start.' })
    if (!t.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'A custom timeframe needs an end.' })
    if (!t.start || !t.end) return
    const days = (Date.parse(t.end + 'T00:00:00Z') - Date.parse(t.start + 'T00:00:00Z')) / 86_400_000
    if (!Number.isFinite(days)) ctx.addIssue({ code: 'custom', path: ['start'], message: 'Enter a valid date.' })
    else if (days < 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start.' })
    else if (days >= MAX_CUSTOM_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'A custom timeframe spans at most two years.' })
  })

export const reportDefinition = z
  .object({
    version: z.literal(1).default(1),
    source,
    measurements: z
      .array(z.enum(MEASUREMENTS, { message: 'Choose count, unique or sum_value.' }))
      .min(1, 'Choose at least one measurement.')
      .max(MEASUREMENTS.length),
    groupBy: z.array(groupBy).max(MAX_GROUP_BYS, `Group by at most ${MAX_GROUP_BYS} dimensions.`).default([]),
    filters: z.array(filter).max(MAX_FILTERS, `At most ${MAX_FILTERS} filters.`).default([]),
    timeframe: timeframe.default({ range: 'last_30_days' }),
    compare: z.boolean().default(false),
    /** The most groups shown (largest first by the first measurement). */
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_GROUPS_SHOWN, `A report shows at most ${MAX_GROUPS_SHOWN} groups.`)
      .default(100),
    chart: z.enum(['line', 'bar', 'table']).default('line'),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.groupBy.filter((g) => g.type === 'time').length > 1)
      ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'Group by time once.' })
    if (d.source.type === 'custom_metric' && d.measurements.includes('unique'))
      ctx.addIssue({ code: 'custom', path: ['measurements'], message: 'A custom metric has no unique count.' })
    const seen = new Set<string>()
    d.groupBy.forEach((g, i) => {
      const key = JSON.stringify(g)
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['groupBy', i], message: 'This dimension is chosen twice.' })
      seen.add(key)
      // On a metric, campaign and flow are what its events were attributed to (revenue by campaign).
      if (g.type === 'campaign' && d.source.type === 'messages' && d.source.messageType !== 'campaign')
        ctx.addIssue({ code: 'custom', path: ['groupBy', i, 'type'], message: 'A flow report groups by flow.' })
      if (g.type === 'flow' && d.source.type === 'messages' && d.source.messageType !== 'flow')
        ctx.addIssue({ code: 'custom', path: ['groupBy', i, 'type'], message: 'A campaign report groups by campaign.' })
    })
  })

export type ReportDefinition = z.output<typeof reportDefinition>
export type ReportDefinitionInput = z.input<typeof reportDefinition>
export type ReportGroupBy = ReportDefinition['groupBy'][number]
export type ReportSource = ReportDefinition['source']
