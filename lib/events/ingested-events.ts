// The new events of an ingested batch, for its consumers (lib/events/batch-consumers.ts).
import type { GroupOutcome, IngestGroup, IngestedEvent } from './types'

// Every in-transaction consumer asks for the same list (flows, code functions, attribution):
// built once per batch's outcomes.
const built = new WeakMap<GroupOutcome[], { groups: IngestGroup[]; events: IngestedEvent[] }>()

/** The new events of a batch's successful groups (duplicates, which insert nothing, are left out). */
export function ingestedEvents(groups: IngestGroup[], outcomes: GroupOutcome[]): readonly IngestedEvent[] {
  const hit = built.get(outcomes)
  if (hit && hit.groups === groups) return hit.events
  const out: IngestedEvent[] = []
  groups.forEach((g, i) => {
    const o = outcomes[i]
    if (!o || !('ok' in o)) return
    o.ok.forEach((r, j) => {
      const e = g.events[j]
      if (!e || r.eventId === null) return
      out.push({
        companyId: g.companyId,
        eventId: r.eventId,
        profileId: r.profileId,
        metricId: r.metricId,
        metric: e.metric.name,
        properties: e.properties ?? {},
        ts: e.ts,
        value: e.value,
        acceptedAt: e.acceptedAt ?? 0,
      })
    })
  })
  built.set(outcomes, { groups, events: out })
  return out
}
