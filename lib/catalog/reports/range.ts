// The reports' date range: daterange = "YYYY-MM-DD:YYYY-MM-DD" (inclusive days, UTC) or
// last_7_days | last_30_days | last_90_days (default last_30_days), relative to `now`.
import { badRequest } from '@/lib/errors/app-error'

export interface DateRange {
  from: Date
  to: Date
}
const DAY = 86_400_000

export function parseDateRange(raw: string | null | undefined, now = new Date()): DateRange {
  const v = (raw ?? '').trim() || 'last_30_days'
  const last = /^last_(\d{1,3})_days$/.exec(v)
  if (last) {
    const days = Number(last[1])
    if (days < 1 || days > 366)
      throw badRequest('Choose between 1 and 366 days.', { daterange: ['Choose between 1 and 366 days.'] })
    const to = new Date(Math.floor(now.getTime() / DAY) * DAY + DAY)
    return { from: new Date(to.getTime() - days * DAY), to }
  }
  const m = /^(\d{4}-\d{2}-\d{2}):(\d{4}-\d{2}-\d{2})$/.exec(v)
  const from = m ? new Date(`${m[1]}T00:00:00.000Z`) : null
  const toDay = m ? new Date(`${m[2]}T00:00:00.000Z`) : null
  if (!from || !toDay || Number.isNaN(from.getTime()) || Number.isNaN(toDay.getTime()) || toDay < from) {
    throw badRequest('Choose a valid date range.', {
      daterange: ['Use YYYY-MM-DD:YYYY-MM-DD (start before end) or last_7_days, last_30_days, last_90_days.'],
    })
  }
  if (toDay.getTime() - from.getTime() > 3 * 366 * DAY)
    throw badRequest('Choose at most three years.', { daterange: ['Choose at most three years.'] })
  return { from, to: new Date(toDay.getTime() + DAY) }
}
