// Sends of flow runs (Send.sourceId is "<actionId>:<runId>" for flow_action_run), counted per run set.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'

/** The sends (not skipped) of the runs matching `where`, with their run id and time. */
export function* flowRunSendsOps(
  companyId: number,
  filter: { flowId?: string; triggerKind?: string; entryKeys?: string[]; from?: Date; to?: Date },
): Ops<Array<{ runId: string; entryKey: string; createdAt: Date }>> {
  if (filter.entryKeys && !filter.entryKeys.length) return []
  let q = kysely()
    .selectFrom('FlowRun as r')
    .innerJoin('Send as s', (j) =>
      j.on(
        sql<boolean>`s."companyId" = r."companyId" and s."sourceType" = 'flow_action_run' and s."sourceId" like ('%:' || r."id")`,
      ),
    )
    .select(['r.id as runId', 'r.entryKey as entryKey', 's.createdAt as createdAt'])
    .where('r.companyId', '=', companyId)
    .where('s.status', '!=', 'skipped')
  if (filter.flowId) q = q.where('r.flowId', '=', filter.flowId)
  if (filter.triggerKind) q = q.where('r.triggerKind', '=', filter.triggerKind)
  if (filter.entryKeys) q = q.where('r.entryKey', 'in', filter.entryKeys)
  if (filter.from) q = q.where('s.createdAt', '>=', filter.from)
  if (filter.to) q = q.where('s.createdAt', '<', filter.to)
  const rows = yield* select(q)
  return rows.map((r) => ({ runId: r.runId, entryKey: r.entryKey, createdAt: toDate(r.createdAt)! }))
}
