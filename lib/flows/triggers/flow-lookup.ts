// Which running flows a list, segment or metric triggers, read inside the caller's transaction
// (one indexed query on FlowTrigger(companyId, kind, targetId) joined to Flow), and the trigger
// definitions of a flow version (immutable once written, so cached by flow id and version).
import { kysely } from '@/lib/db/kysely'
import { select, selectFirst, type Ops } from '@/lib/db/ops'
import type { FlowDefinition, FlowTrigger } from '@/lib/flows/definition'
import { FLOW_STATUS } from '@/lib/flows/store'

/** Flows that take new entries: live, and manual (runs wait at each manual action for approval). */
export const ENTERING_STATUSES: number[] = [FLOW_STATUS.live, FLOW_STATUS.manual]

export interface TriggeredFlow {
  flowId: string
  targetId: string
  kind: string
  version: number
  status: number
}

export type TriggerKind = 'list' | 'segment' | 'metric'

/** Live or manual, not archived flows with a `kind` trigger on any of `targetIds`. */
export function* flowsTriggeredByOps(
  companyId: number,
  kind: TriggerKind | TriggerKind[],
  targetIds: string[],
  statuses = ENTERING_STATUSES,
): Ops<TriggeredFlow[]> {
  const kinds = Array.isArray(kind) ? kind : [kind]
  if (!targetIds.length) return []
  const rows = yield* select(
    kysely()
      .selectFrom('FlowTrigger as t')
      .innerJoin('Flow as f', (j) => j.onRef('f.id', '=', 't.flowId').onRef('f.companyId', '=', 't.companyId'))
      .select([
        't.flowId as flowId',
        't.targetId as targetId',
        't.kind as kind',
        'f.currentVersion as version',
        'f.status as status',
      ])
      .where('t.companyId', '=', companyId)
      .where('t.kind', 'in', kinds)
      .where('t.targetId', 'in', targetIds)
      .where('f.status', 'in', statuses)
      .where('f.archived', '=', false as never)
      .orderBy('t.flowId'),
  )
  return rows.map((r) => ({
    flowId: r.flowId,
    targetId: r.targetId,
    kind: r.kind,
    version: Number(r.version),
    status: Number(r.status),
  }))
}

const cache = new Map<string, FlowDefinition | null>()
const CACHE_MAX = 2000

/** The definition of one flow version (null when missing or unreadable). */
export function* flowVersionDefinitionOps(
  companyId: number,
  flowId: string,
  version: number,
): Ops<FlowDefinition | null> {
  const key = `${companyId}:${flowId}:${version}`
  if (cache.has(key)) return cache.get(key)!
  const row = yield* selectFirst(
    kysely()
      .selectFrom('FlowVersion')
      .select('definition')
      .where('companyId', '=', companyId)
      .where('flowId', '=', flowId)
      .where('version', '=', version),
  )
  let def: FlowDefinition | null = null
  try {
    def = row ? (JSON.parse(row.definition) as FlowDefinition) : null
  } catch {
    def = null
  }
  if (cache.size >= CACHE_MAX) cache.clear()
  if (def) cache.set(key, def)
  return def
}

/** The first trigger of the definition of `type`, if any. */
export function triggerOfType<T extends FlowTrigger>(def: FlowDefinition | null, type: string, id?: string): T | null {
  const t = (def?.triggers ?? []).find(
    (x) => x.type === type && (id === undefined || (x as { id?: string | null }).id === id),
  )
  return (t as T | undefined) ?? null
}
