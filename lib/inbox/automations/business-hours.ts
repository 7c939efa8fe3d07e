// Business hours per weekday in the company's time zone, and the away period an instant falls
// in. An away period is named by the local time the business next opens ("2026-11-30 09:00"),
// so every message between closing and that opening shares one key and the away message goes
// out once per conversation and period; with no open day at all the whole week is one period.
import { z } from 'zod'

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export type Weekday = (typeof WEEKDAYS)[number]

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:MM.')
const day = z.object({ open: z.boolean(), start: time, end: time }).refine((d) => !d.open || d.end > d.start, {
  message: 'The closing time must be after the opening time.',
  path: ['end'],
})
export type DayHours = z.infer<typeof day>

export const businessHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, day])) as Record<Weekday, typeof day>,
)
export type BusinessHours = z.infer<typeof businessHoursSchema>

const CLOSED: DayHours = { open: false, start: '09:00', end: '17:00' }
const WORKDAY: DayHours = { open: true, start: '09:00', end: '17:00' }
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  sun: CLOSED,
  mon: WORKDAY,
  tue: WORKDAY,
  wed: WORKDAY,
  thu: WORKDAY,
  fri: WORKDAY,
  sat: CLOSED,
}

/** The stored JSON as hours; a missing or broken day falls back to the default for that day. */
export function parseBusinessHours(json: string | null | undefined): BusinessHours {
  let raw: Record<string, unknown> = {}
  try {
    const v: unknown = JSON.parse(json || '{}')
    if (v && typeof v === 'object') raw = v as Record<string, unknown>
  } catch {}
  const out = { ...DEFAULT_BUSINESS_HOURS }
  for (const d of WEEKDAYS) {
    const parsed = day.safeParse(raw[d])
    if (parsed.success) out[d] = parsed.data
  }
  return out
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const pad = (n: number) => String(n).padStart(2, '0')

// Local wall time through Intl alone: lib/inbox stays out of the folders the inbox is called
// from (lib/metrics has a richer version, but it sits in the messaging import cycle).
interface Local {
  date: Date // the local calendar day as a UTC midnight, for day arithmetic
  minute: number
}
function localAt(timeZone: string, at: Date): Local {
  const parts: Record<string, string> = {}
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  })
  for (const p of f.formatToParts(at)) parts[p.type] = p.value
  return {
    date: new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  }
}
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000)
const civil = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`

/** null while the business is open at `at`, else the key of the away period it falls in. */
export function awayPeriodAt(hours: BusinessHours, timeZone: string, at: Date): string | null {
  const { date: today, minute: now } = localAt(timeZone, at)
  const todays = hours[WEEKDAYS[today.getUTCDay()]!]
  if (todays.open && now >= minutesOf(todays.start) && now < minutesOf(todays.end)) return null
  for (let i = 0; i <= 7; i++) {
    const d = plusDays(today, i)
    const h = hours[WEEKDAYS[d.getUTCDay()]!]
    if (!h.open) continue
    if (i === 0 && now >= minutesOf(h.start)) continue
    return `${civil(d)} ${h.start}`
  }
  return 'closed'
}
