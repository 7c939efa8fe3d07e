// Operations on runs for the /ajax API and the builder: approve or cancel a manual step, move
// active runs to the latest version, wake a flow's held runs (after it is set live again).
// Each is Ops for the caller's transaction; call wakeFlowWorkers() after the commit.
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import type { FlowAction, FlowDefinition } from '@/lib/flows/definition'
import { nextOf } from './types'
import { wakeNowOps } from './wake'

/** Approve a waiting manual step: the engine executes the action for real. False when not waiting. */
export function* approveStepOps(companyId: number, runId: string, actionId: string, now: Date): Ops<boolean> {
  const n = yield* exec(
    kysely()
      .updateTable('FlowStep')
      .set({ status: 'approved', updatedAt: now })
      .where('companyId', '=', companyId)
      .where('runId', '=', runId)
      .where('actionId', '=', actionId)
      .where('status', '=', 'waiting'),
  )
  if (!n) return false
  yield* exec(
    kysely()
      .updateTable('FlowRun')
      .set({ status: 'active', wakeAt: now, updatedAt: now })
      .where('companyId', '=', companyId)
      .where('id', '=', runId)
      .where('status', '=', 'waiting')
      .where('currentActionId', '=', actionId),
  )
  yield* wakeNowOps(now)
  return true
}

/** Cancel a waiting manual step: the run skips the action and goes on. False when not waiting. */
export function* cancelStepOps(companyId: number, runId: string, actionId: string, now: Date): Ops<boolean> {
  const run = yield* selectFirst(
    kysely()
      .selectFrom('FlowRun')
      .select(['flowId', 'version'])
      .where('companyId', '=', companyId)
      .where('id', '=', runId)
      .where('status', '=', 'waiting')
      .where('currentActionId', '=', actionId),
  )
  if (!run) return false
  const n = yield* exec(
    kysely()
      .updateTable('FlowStep')
      .set({ status: 'cancelled', updatedAt: now })
      .where('companyId', '=', companyId)
      .where('runId', '=', runId)
      .where('actionId', '=', actionId)
      .where('status', '=', 'waiting'),
  )
  if (!n) return false
  const v = yield* selectFirst(
    kysely()
      .selectFrom('FlowVersion')
      .select('definition')
      .where('companyId', '=', companyId)
      .where('flowId', '=', run.flowId)
      .where('version', '=', run.version),
  )
  const action = v ? (JSON.parse(v.definition) as FlowDefinition).actions.find((a) => a.id === actionId) : undefined
  const next = action ? nextOf(action) : null
  yield* exec(
    kysely()
      .updateTable('FlowRun')
      .set(
        next == null
          ? { status: 'completed', currentActionId: null, wakeAt: null, finishedAt: now, updatedAt: now }
          : { status: 'active', currentActionId: next, wakeAt: now, updatedAt: now },
      )
      .where('companyId', '=', companyId)
      .where('id', '=', runId),
  )
  if (next != null) yield* wakeNowOps(now)
  return true
}

/**
 * Moves the flow's active and waiting runs to the latest version where their current action
 * still exists in it (the others keep their version). Returns how many moved.
 */
export function* moveRunsToLatestOps(companyId: number, flowId: string, now: Date): Ops<number> {
  const flow = yield* selectFirst(
    kysely().selectFrom('Flow').select('currentVersion').where('companyId', '=', companyId).where('id', '=', flowId),
  )
  if (!flow) return 0
  const v = yield* selectFirst(
    kysely()
      .selectFrom('FlowVersion')
      .select('definition')
      .where('companyId', '=', companyId)
      .where('flowId', '=', flowId)
      .where('version', '=', flow.currentVersion),
  )
  if (!v) return 0
  const ids = (JSON.parse(v.definition) as FlowDefinition).actions
    .map((a: FlowAction) => a.id)
    .filter((id): id is string => !!id)
  if (!ids.length) return 0
  return yield* exec(
    kysely()
      .updateTable('FlowRun')
      .set({ version: flow.currentVersion, updatedAt: now })
      .where('companyId', '=', companyId)
      .where('flowId', '=', flowId)
      .where('status', 'in', ['active', 'waiting'])
      .where('version', '<>', flow.currentVersion)
      .where('currentActionId', 'in', ids),
  )
}

/** Wakes the flow's due runs (after a paused or draft flow is set live or manual again). */
export function* wakeFlowRunsOps(companyId: number, flowId: string, now: Date): Ops<number> {
  const due = yield* select(
    kysely()
      .selectFrom('FlowRun')
      .select('id')
      .where('companyId', '=', companyId)
      .where('flowId', '=', flowId)
      .where('status', '=', 'active')
      .where('wakeAt', '<=', now)
      .limit(1),
  )
  if (due.length) yield* wakeNowOps(now)
  return due.length
}
