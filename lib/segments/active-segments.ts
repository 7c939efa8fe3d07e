// The active segments of a company, parsed once and kept per process. The cache is checked
// against a cheap signature of the company's segment rows on every use, so a definition saved
// by another process (the web server vs. a separate worker) is picked up at once.
import { kysely } from '@/lib/db/kysely'
import { dateText } from '@/lib/db/query-template'
import { select, selectFirst, type Ops } from '@/lib/db/ops'
import {
  canMatchWithoutActivity,
  conditionsOf,
  isTimeRelative,
  segmentDefinition,
  type SegmentDefinition,
} from './definition'

export interface ActiveSegment {
  id: string
  definition: SegmentDefinition
  metricIds: Set<string>
  listIds: Set<string>
  /** Depends on the profile's own fields, consent or location. */
  profileDependent: boolean
  /** Has a last_event_date condition: any event can change it. */
  anyEvent: boolean
  timeRelative: boolean
  /** Can match a profile with no events and no list memberships: a new profile must be checked. */
  matchesWithoutActivity: boolean
}

const g = globalThis as unknown as { __segmentCache?: Map<number, { sig: string; segments: ActiveSegment[] }> }
const cache = (g.__segmentCache ??= new Map())

function describe(id: string, definition: SegmentDefinition): ActiveSegment {
  const s: ActiveSegment = {
    id,
    definition,
    metricIds: new Set(),
    listIds: new Set(),
    profileDependent: false,
    anyEvent: false,
    timeRelative: isTimeRelative(definition),
    matchesWithoutActivity: canMatchWithoutActivity(definition),
  }
  for (const c of conditionsOf(definition)) {
    if (c.kind === 'metric') s.metricIds.add(c.metricId)
    else if (c.kind === 'list_membership') s.listIds.add(c.listId)
    else s.profileDependent = true
    if (c.kind === 'profile_property' && c.field === 'last_event_date') s.anyEvent = true
  }
  return s
}

/** The active segments of a company (cached per process, checked against the rows' signature). */
export function* activeSegmentsOps(companyId: number): Ops<ActiveSegment[]> {
  const k = kysely()
  const stamp = yield* selectFirst(
    k
      .selectFrom('Group')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updatedAt').as('at')])
      .where('companyId', '=', companyId)
      .where('type', '=', 1),
  )
  const sig = `${Number(stamp?.n ?? 0)}:${dateText(stamp?.at) ?? ''}`
  const hit = cache.get(companyId)
  if (hit && hit.sig === sig) return hit.segments
  const rows = yield* select(
    k
      .selectFrom('Group')
      .select(['id', 'definition'])
      .where('companyId', '=', companyId)
      .where('type', '=', 1)
      .where('deletedAt', 'is', null)
      .where('isActive', '=', true as never)
      .where('definition', 'is not', null),
  )
  const segments: ActiveSegment[] = []
  for (const r of rows) {
    const parsed = segmentDefinition.safeParse(safeJson(r.definition ?? ''))
    // A definition that no longer parses is skipped rather than breaking event processing.
    if (parsed.success) segments.push(describe(r.id, parsed.data))
  }
  cache.set(companyId, { sig, segments })
  return segments
}

export function invalidateSegmentCache(companyId?: number): void {
  if (companyId === undefined) cache.clear()
  else cache.delete(companyId)
}

/**
 * What changed for the profiles being re-evaluated; it picks the segments to evaluate.
 * - metricIds: events of these metrics were written.
 * - listIds: list memberships of these lists changed.
 * - profileChanged: the profile's own fields, consent or suppressions changed.
 * - created: the profiles are new. Adds every segment a profile without events or memberships
 *   can match ("zero times", "not in list", "cannot receive", negated fields …); their first
 *   events or lists still need metricIds / listIds. A list of ids: only those profiles are new.
 * - all: anything may have changed (a merge moved events, memberships and consents): every
 *   active segment. A list of ids: only for those profiles.
 * No hint at all means every active segment for every profile (the safe default).
 */
export interface ReevaluateHint {
  metricIds?: string[]
  listIds?: string[]
  profileChanged?: boolean
  created?: boolean | string[]
  all?: boolean | string[]
}

export interface SegmentScope {
  segment: ActiveSegment
  /** null: every profile of the call; else only these ids. */
  only: Set<string> | null
}

/** The segments a change can affect, each with the profiles it must be evaluated for. */
export function segmentScopes(segments: ActiveSegment[], hint?: ReevaluateHint): SegmentScope[] {
  if (!hint || hint.all === true) return segments.map((segment) => ({ segment, only: null }))
  const metrics = hint.metricIds ?? []
  const lists = hint.listIds ?? []
  const createdIds = Array.isArray(hint.created) ? hint.created : []
  const allIds = Array.isArray(hint.all) ? hint.all : []
  const out: SegmentScope[] = []
  for (const s of segments) {
    const forEveryone =
      (hint.profileChanged && s.profileDependent) ||
      (metrics.length > 0 && (s.anyEvent || metrics.some((m) => s.metricIds.has(m)))) ||
      lists.some((l) => s.listIds.has(l)) ||
      (hint.created === true && s.matchesWithoutActivity)
    if (forEveryone) {
      out.push({ segment: s, only: null })
      continue
    }
    const only = new Set(allIds)
    if (s.matchesWithoutActivity) for (const id of createdIds) only.add(id)
    if (only.size) out.push({ segment: s, only })
  }
  return out
}

/** The segments a change can affect (for any of the profiles); no hint means all of them. */
export function affectedSegments(segments: ActiveSegment[], hint?: ReevaluateHint): ActiveSegment[] {
  return segmentScopes(segments, hint).map((x) => x.segment)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
