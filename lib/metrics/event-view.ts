// How the browser sees one event: time, profile, value and its properties as stored.
import { kysely } from '@/lib/db/kysely'

/** Events `e` with their profile `p` (same company), selecting the EventRow columns. */
export function eventViewQuery() {
  return kysely()
    .selectFrom('Event as e')
    .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 'e.profileId').onRef('p.companyId', '=', 'e.companyId'))
    .select([
      'e.id',
      'e.ts',
      'e.value',
      'e.currency',
      'e.uniqueId',
      'e.properties',
      'e.profileId',
      'e.metricId',
      'p.email',
      'p.phoneNumber',
      'p.firstName',
      'p.lastName',
    ])
}

export interface EventRow {
  id: number
  ts: number
  value: number | null
  currency: string | null
  uniqueId: string | null
  properties: string
  profileId: string
  metricId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
}

function parseProperties(json: string): Record<string, unknown> {
  try {
    const v = JSON.parse(json)
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {}
  } catch {
    return {}
  }
}

export function toEventView(r: EventRow, metric: { id: string; name: string }) {
  const name = [r.firstName, r.lastName].filter(Boolean).join(' ')
  return {
    id: r.id,
    time: new Date(r.ts * 1000).toISOString(),
    value: r.value,
    currency: r.currency,
    uniqueId: r.uniqueId,
    metric: { id: metric.id, name: metric.name },
    profile: {
      id: r.profileId,
      email: r.email,
      phoneNumber: r.phoneNumber,
      firstName: r.firstName,
      lastName: r.lastName,
      name: name || null,
    },
    /** The properties exactly as sent: read them with transformKeys: false. */
    properties: parseProperties(r.properties),
  }
}
