// The new events of an ingested batch, for its consumers (lib/events/batch-consumers.ts).
import type { GroupOutcome, IngestGroup, IngestedEvent } from './types'

/** The new events of a batch's successful groups (duplicates, which insert nothing, are left out). */
export function ingestedEvents(groups: IngestGroup[], outcomes: GroupOutcome[]): IngestedEvent[] {
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
  return out
}
