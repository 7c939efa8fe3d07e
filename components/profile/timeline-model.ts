// Pure helpers of the activity timeline: day groups in the company's time zone and the one-line
// summary of an event's properties (what was viewed, ordered, clicked).
import { zonedDayKey } from '@/lib/profile-view/zoned-time'
import type { TimelineEvent, TimelineMessage } from '@/lib/profile-view/profile-detail-types'

export interface DayGroup<T extends { datetime: string } = TimelineEvent> {
  day: string
  events: T[]
}

/** One row of the timeline: an event, or a message (Send) to the profile. */
export type TimelineItem =
  | { kind: 'event'; datetime: string; event: TimelineEvent }
  | { kind: 'message'; datetime: string; message: TimelineMessage }

/** Events and messages in one newest-first list (a message before events of the same second). */
export function mergeTimeline(events: readonly TimelineEvent[], messages: readonly TimelineMessage[]): TimelineItem[] {
  const items: Array<{ item: TimelineItem; ms: number; order: number }> = [
    ...messages.map((m, i) => ({
      item: { kind: 'message' as const, datetime: m.datetime, message: m },
      ms: Date.parse(m.datetime),
      order: i,
    })),
    ...events.map((e, i) => ({
      item: { kind: 'event' as const, datetime: e.datetime, event: e },
      ms: Date.parse(e.datetime),
      order: messages.length + i,
    })),
  ]
  return items.sort((a, b) => b.ms - a.ms || a.order - b.order).map((x) => x.item)
}

/** Consecutive items of the same zoned calendar day, keeping the given (newest-first) order. */
export function groupEventsByDay<T extends { datetime: string } = TimelineEvent>(
  events: readonly T[],
  timeZone: string,
): Array<DayGroup<T>> {
  const groups: Array<DayGroup<T>> = []
  for (const e of events) {
    const day = zonedDayKey(new Date(e.datetime), timeZone)
    const last = groups[groups.length - 1]
    if (last && last.day === day) last.events.push(e)
    else groups.push({ day, events: [e] })
  }
  return groups
}

/** 'today' | 'yesterday' | null for a 'YYYY-MM-DD' day key, relative to `now` in the zone. */
export function relativeDay(day: string, timeZone: string, now = new Date()): 'today' | 'yesterday' | null {
  if (day === zonedDayKey(now, timeZone)) return 'today'
  const [y, m, d] = zonedDayKey(now, timeZone).split('-').map(Number)
  const prev = new Date(Date.UTC(y!, m! - 1, d! - 1))
  return day === prev.toISOString().slice(0, 10) ? 'yesterday' : null
}

/** Noon UTC of the day key: a safe instant for formatting the day's name in any zone near UTC±12. */
export const dayKeyToDate = (day: string) => new Date(`${day}T12:00:00Z`)

// Property names that say best what an event was about, in order of preference.
const SUMMARY_KEYS = [
  'ProductName',
  'Product Name',
  'product_name',
  'Name',
  'name',
  'Title',
  'title',
  'ItemNames',
  'Item Names',
  'Subject',
  'subject',
  'Campaign Name',
  'Flow',
  'Form',
  'URL',
  'url',
  '$url',
  'page',
  'Page',
  'PageUrl',
]

function show(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null
  if (Array.isArray(v)) {
    const items = v.map(show).filter(Boolean) as string[]
    return items.length ? items.join(', ') : null
  }
  if (typeof v === 'object') return null
  return String(v)
}

export function eventSummary(properties: Record<string, unknown>): string | null {
  for (const k of SUMMARY_KEYS) {
    const s = show(properties[k])
    if (s) return s.length > 140 ? s.slice(0, 139) + '…' : s
  }
  return null
}

/** A property value as text for the tables: JSON for objects and arrays. */
export function propertyText(v: unknown): string {
  if (v === null || v === undefined) return '—'
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/** Properties in display order: the vendor's $-prefixed system fields last. */
export function sortedProperties(properties: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(properties).sort(([a], [b]) => {
    const sa = a.startsWith('$') ? 1 : 0
    const sb = b.startsWith('$') ? 1 : 0
    return sa - sb || a.localeCompare(b)
  })
}
