// The time range of the deliverability screens: from/to (ISO dates), the last 30 days by
// default, at most 400 days so a request stays a bounded scan.
import { z } from 'zod'
import { EMAIL_DIMENSIONS, type Range } from './email-rates'

const DAY = 86_400_000
export const MAX_RANGE_DAYS = 400

export const rangeQuery = z
  .object({
    from: z.coerce.date('from must be a date.').optional(),
    to: z.coerce.date('to must be a date.').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from >= q.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to.' })
    if (q.from && q.to && q.to.getTime() - q.from.getTime() > MAX_RANGE_DAYS * DAY)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `The range is at most ${MAX_RANGE_DAYS} days.` })
  })

export const emailReportQuery = rangeQuery.and(
  z.object({
    dimension: z.enum(EMAIL_DIMENSIONS, `dimension must be one of ${EMAIL_DIMENSIONS.join(', ')}.`).default('provider'),
  }),
)

export function rangeOf(q: { from?: Date; to?: Date }, now: Date): Range {
  const to = q.to ?? new Date(Math.floor(now.getTime() / DAY) * DAY + DAY)
  const from = q.from ?? new Date(to.getTime() - 30 * DAY)
  return { from, to }
}
