// The active segments of a company, parsed once and kept per process. The cache is checked
// against a cheap signature of the company's segment rows on every use, so a definition saved
// by another process (the web server vs. a separate worker) is picked up at once.
import { prep } from '@/lib/db/sqlite'
import { conditionsOf, isTimeRelative, segmentDefinition, type SegmentDefinition } from './definition'

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
}

const g = globalThis as unknown as { __segmentCache?: Map<number, { sig: string; segments: ActiveSegment[] }> }
const cache = (g.__segmentCache ??= new Map())

function describe(id: string, definition: SegmentDefinition): ActiveSegment {
  const s: ActiveSegment = { id, definition, metricIds: new Set(), listIds: new Set(), profileDependent: false, anyEvent: false, timeRelative: isTimeRelative(definition) }
  for (const c of conditionsOf(definition)) {
    if (c.kind === 'metric') s.metricIds.add(c.metricId)
    else if (c.kind === 'list_membership') s.listIds.add(c.listId)
    else s.profileDependent = true
    if (c.kind === 'profile_property' && c.field === 'last_event_date') s.anyEvent = true
  }
  return s
}

export function activeSegments(companyId: number): ActiveSegment[] {
  const sig = prep(`SELECT COUNT(*) || ':' || COALESCE(MAX(updatedAt), '') FROM "Group" WHERE companyId = ? AND type = 1`)
    .pluck().get(companyId) as string
  const hit = cache.get(companyId)
  if (hit && hit.sig === sig) return hit.segments
  const rows = prep(`SELECT id, definition FROM "Group" WHERE companyId = ? AND type = 1 AND deletedAt IS NULL AND isActive = 1 AND definition IS NOT NULL`)
    .all(companyId) as Array<{ id: string; definition: string }>
  const segments: ActiveSegment[] = []
  for (const r of rows) {
    const parsed = segmentDefinition.safeParse(safeJson(r.definition))
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

export interface ReevaluateHint { metricIds?: string[]; profileChanged?: boolean; listIds?: string[] }

/** The segments a change can affect; no hint means all of them. */
export function affectedSegments(segments: ActiveSegment[], hint?: ReevaluateHint): ActiveSegment[] {
  if (!hint) return segments
  const metrics = hint.metricIds ?? []
  const lists = hint.listIds ?? []
  return segments.filter((s) =>
    (hint.profileChanged && s.profileDependent) ||
    (metrics.length > 0 && (s.anyEvent || metrics.some((m) => s.metricIds.has(m)))) ||
    lists.some((l) => s.listIds.has(l)))
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
