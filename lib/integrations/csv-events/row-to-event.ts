// One CSV row to an event input through the mapping, or the reason it is refused. The event is
// validated with the same rules as /api/events (lib/events/validate-event), so a row the
// import accepts is one the API would accept.
import { createHash } from 'node:crypto'
import { parseEventInput } from '@/lib/events/validate-event'
import type { EventInput, QueuedEvent } from '@/lib/events/types'
import type { FieldErrors } from '@/lib/errors/app-error'
import type { CsvEventMapping, TimeFormat } from './mapping'

const FIELD_LABELS: Record<string, string> = {
  profile: 'Profile',
  'profile.email': 'Email',
  'profile.phone_number': 'Phone number',
  'profile.external_id': 'External id',
  'metric.name': 'Metric',
  time: 'Time',
  value: 'Value',
  unique_id: 'Unique id',
}

/** Parses a time cell in the chosen format; a string is the problem. */
export function parseTimeCell(cell: string, format: TimeFormat): Date | string {
  const s = cell.trim()
  if (!s) return 'The time is empty.'
  let d: Date
  if (format === 'unix' || format === 'unix_ms') {
    if (!/^\d+(\.\d+)?$/.test(s)) return `"${s}" is not a Unix time.`
    d = new Date(Number(s) * (format === 'unix' ? 1000 : 1))
  } else if (format === 'mdy' || format === 'dmy') {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s)
    if (!m) return `"${s}" is not a date in the ${format === 'mdy' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'} format.`
    const [month, day] = format === 'mdy' ? [+m[1]!, +m[2]!] : [+m[2]!, +m[1]!]
    d = new Date(Date.UTC(+m[3]!, month - 1, day, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)))
    if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return `"${s}" is not a valid date.`
  } else {
    // An ISO time without a zone is read as UTC, not as the server's local time.
    const iso = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(s)
      ? `${s.replace(' ', 'T')}${s.length > 10 ? 'Z' : ''}`
      : s
    if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return `"${s}" is not an ISO 8601 time.`
    d = new Date(iso)
  }
  return Number.isNaN(d.getTime()) ? `"${s}" is not a valid time.` : d
}

export type RowResult = { event: QueuedEvent } | { reason: string }

export function rowToEvent(header: string[], cells: string[], m: CsvEventMapping): RowResult {
  const at = (col: string | undefined) => (col ? (cells[header.indexOf(col)] ?? '').trim() : '')
  const profile: EventInput['profile'] = {}
  if (at(m.email)) profile.email = at(m.email)
  if (at(m.phoneNumber)) profile.phoneNumber = at(m.phoneNumber)
  if (at(m.externalId)) profile.externalId = at(m.externalId)
  const properties: Record<string, unknown> = {}
  for (const { column, name } of m.properties) if (at(column) !== '') properties[name] = at(column)
  const metric = m.metricName || at(m.metricColumn)
  const input: EventInput = { metric: { name: metric }, profile, properties }
  const problems: string[] = []
  if (m.timeColumn) {
    const t = parseTimeCell(at(m.timeColumn), m.timeFormat)
    if (typeof t === 'string') problems.push(`Time: ${t}`)
    else input.time = t
  }
  if (m.valueColumn && at(m.valueColumn) !== '') input.value = at(m.valueColumn) as unknown as number
  // Without a unique id column the row itself is the id, so uploading the same file twice
  // never doubles its events (ingest keeps the first event per profile, metric and id).
  input.uniqueId =
    at(m.uniqueIdColumn) ||
    `csv:${createHash('sha256')
      .update(JSON.stringify([metric, cells]))
      .digest('hex')
      .slice(0, 32)}`
  if (!metric) problems.push('Metric: The metric name is empty.')
  const errors: FieldErrors = {}
  const event = parseEventInput(input, errors)
  for (const [field, messages] of Object.entries(errors)) {
    if (field === 'metric.name' && !metric) continue
    if (field === 'time' && problems.some((p) => p.startsWith('Time'))) continue
    problems.push(`${FIELD_LABELS[field] ?? field}: ${messages.join(' ')}`)
  }
  return problems.length ? { reason: problems.join(' ') } : { event }
}
