// After a refit the scores changed, so segments with predictive conditions are stale: queue a
// recompute of each of the company's live segments whose definition has one. (Ingest does not
// change scores; only a refit does, so this is the one place that needs to.)
import { db } from '@/lib/db/client'
import { SEGMENT } from '@/lib/groups/group-view'
import { conditionsOf, segmentDefinition } from '@/lib/segments/definition'
import { scheduleRecompute } from '@/lib/segments/schedule-recompute'

export async function recomputePredictiveSegments(companyId: number): Promise<number> {
  const rows = await db.group.findMany({
    where: { companyId, type: SEGMENT, deletedAt: null, definition: { contains: '"predictive"' } },
    select: { id: true, definition: true },
  })
  let n = 0
  for (const r of rows) {
    let parsed: unknown
    try {
      parsed = JSON.parse(r.definition ?? '')
    } catch {
      continue
    }
    const def = segmentDefinition.safeParse(parsed)
    if (!def.success || !conditionsOf(def.data).some((c) => c.kind === 'predictive')) continue
    await scheduleRecompute(companyId, r.id)
    n++
  }
  return n
}
