// GET /api/events: filters on metric, profile and time, sort by time, cursor pages, and
// include=metric,profile,attributions as compound documents.
import { db } from '@/lib/db/client'
import type { Event } from '@/generated/prisma/client'
import { decodeCursor, nextLink } from '../cursor'
import { keysetOrder, keysetWhere, pageOf } from '../keyset'
import { dateValue, enumList, filterParam, pageSize, sortParam, sparseFields } from '../query-params'
import { invalidParam } from '../api-error'
import { EVENT_FIELDS, METRIC_FIELDS, serializeEvent, serializeMetric } from '../serialize-metric'
import { PROFILE_FIELDS, serializeProfile } from '../serialize-profile'
import { attributionsOf, attributionsRelationship, serializeAttribution } from './attributions'

const COMPARE = ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'] as const
export const EVENT_FILTERS = {
  metric_id: ['equals'],
  profile_id: ['equals'],
  profile: ['has'],
  metric: ['has'],
  datetime: COMPARE,
  timestamp: COMPARE,
} as const
const OPS: Record<string, string> = {
  'greater-or-equal': 'gte',
  'greater-than': 'gt',
  'less-or-equal': 'lte',
  'less-than': 'lt',
}

function seconds(v: unknown, field: string): number {
  // Both forms go through dateValue, so an absurd number (1e300) is a 400, not an overflow.
  const date = typeof v === 'number' && field === 'timestamp' ? dateValue(Math.floor(v), field) : dateValue(v, field)
  return Math.floor(date.getTime() / 1000)
}

export async function listEventsPage(companyId: number, url: URL) {
  const size = pageSize(url, { def: 200, max: 1000 })
  const sort = sortParam(url, ['datetime', '-datetime', 'timestamp', '-timestamp'] as const, 'datetime')
  const include = enumList(url, 'include', ['attributions', 'metric', 'profile'] as const)
  const fields = sparseFields(url, 'event', EVENT_FIELDS)
  const metricFields = sparseFields(url, 'metric', METRIC_FIELDS)
  const profileFields = sparseFields(url, 'profile', PROFILE_FIELDS)
  const and: Record<string, unknown>[] = [{ companyId }]
  for (const c of filterParam(url, EVENT_FILTERS)) {
    if (c.op === 'has') continue // every event has a profile and a metric
    if (c.field === 'metric_id' || c.field === 'profile_id') {
      if (typeof c.value !== 'string')
        throw invalidParam('filter', `The value for "${c.field}" must be a quoted string.`)
      and.push({ [c.field === 'metric_id' ? 'metricId' : 'profileId']: c.value })
    } else {
      and.push({ ts: { [OPS[c.op]!]: seconds(c.value, c.field) } })
    }
  }
  const after = keysetWhere(
    'ts',
    sort.desc,
    decodeCursor(url.searchParams.get('page[cursor]')),
    'number',
    false,
    'number',
  )
  if (after) and.push(after)
  const rows = await db.event.findMany({ where: { AND: and }, orderBy: keysetOrder('ts', sort.desc), take: size + 1 })
  const { page, next } = pageOf<Event>(rows, size, 'ts', (e) => e.ts)

  const included: unknown[] = []
  const attributions = include.includes('attributions')
    ? await attributionsOf(
        companyId,
        page.map((e) => e.id),
      )
    : null
  if (attributions) included.push(...[...attributions.values()].map((a) => serializeAttribution(url, a)))
  if (include.includes('metric')) {
    const metricIds = [...new Set(page.map((e) => e.metricId))]
    const metrics = await db.metric.findMany({ where: { companyId, id: { in: metricIds } } })
    included.push(...metrics.map((m) => serializeMetric(url, m, metricFields)))
  }
  if (include.includes('profile')) {
    const profileIds = [...new Set(page.map((e) => e.profileId))]
    const profiles = await db.profile.findMany({ where: { companyId, id: { in: profileIds } } })
    included.push(...profiles.map((p) => serializeProfile(url, p, { fields: profileFields })))
  }
  return {
    data: page.map((e) => {
      const ev = serializeEvent(url, e, fields)
      return attributions
        ? {
            ...ev,
            relationships: {
              ...ev.relationships,
              attributions: attributionsRelationship(url, ev.id, attributions.get(e.id)),
            },
          }
        : ev
    }),
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
    ...(include.length ? { included } : {}),
  }
}
