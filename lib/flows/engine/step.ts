// One step of one run of the journey engine, in the caller's write transaction (the claim, the
// rounds and the drain are in advance-runs.ts; many runs at the same action in batch-step.ts).
//
// - Step: the FlowStep row (unique (runId, actionId)), the executor's database work (a Send and
//   its delivery job, a webhook row …) and the run's next position commit together, the last
//   written only while the lease is still ours (else LeaseLost and the whole step rolls back).
//   A step whose row exists is not executed again: its stored result is reused.
// - Versions: a run follows its FlowRun.version definition (immutable rows, cached in memory);
//   an action deleted in a newer version still runs from the old one. Action statuses are the
//   current FlowAction rows (draft/disabled: skipped; manual: the run waits for approval).
import { sql } from 'kysely'
import { exec, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { STATUS_ACTION_TYPES, isUnsupported, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { isInHoldoutOps } from './holdout'
import { FLOW_STATUS } from '@/lib/flows/store'
import type { StepContext, StepResult, TriggerEvent } from './types'
import { nextOf } from './types'
import { executorFor } from './executors'
import { evaluateFilterOps, isEmptyFilter } from './conditions'
import { companyZoneOps } from './cache'

export interface ClaimedRun {
  id: string
  companyId: number
  flowId: string
  version: number
  profileId: string
  currentActionId: string | null
  triggerKind: string
  triggerEvent: string | null
  createdAt: unknown
  attempts: number
}

export interface FlowInfo {
  status: number
  webhookSecret: string
  actionStatus: Map<string, string>
}

/** The flow of a run whose Flow row is gone: treated as disabled (its runs exit). */
export const GONE_FLOW: FlowInfo = { status: FLOW_STATUS.disabled, webhookSecret: '', actionStatus: new Map() }

// ---- definitions (immutable per flow version) -----------------------------------------------

export interface VersionDef {
  def: FlowDefinition
  actions: Map<string, FlowAction>
}
const g = globalThis as unknown as { __flowVersionCache?: Map<string, VersionDef> }
const versionCache = (g.__flowVersionCache ??= new Map())

export function* versionOps(companyId: number, flowId: string, version: number): Ops<VersionDef | null> {
  const key = `${companyId}:${flowId}:${version}`
  const hit = versionCache.get(key)
  if (hit) return hit
  const row = yield* selectFirst(
    kysely()
      .selectFrom('FlowVersion')
      .select('definition')
      .where('companyId', '=', companyId)
      .where('flowId', '=', flowId)
      .where('version', '=', version),
  )
  if (!row) return null
  const def = JSON.parse(row.definition) as FlowDefinition
  const v = { def, actions: new Map(def.actions.filter((a) => a.id).map((a) => [a.id!, a])) }
  if (versionCache.size > 2000) versionCache.delete(versionCache.keys().next().value!)
  versionCache.set(key, v)
  return v
}

// ---- one step -----------------------------------------------------------------------------------

export class LeaseLost extends Error {
  constructor() {
    super('The run was taken over by another worker.')
    this.name = 'LeaseLost'
  }
}

/** What the engine does with a run after one step. */
export interface Outcome {
  /** true: the run can take its next step now, in this claim. */
  continue: boolean
  sleepUntil?: Date
  steps: number
  /** The run's action after the step (when it continues). */
  next?: string | null
}

const HAS_STATUS = (a: FlowAction) =>
  STATUS_ACTION_TYPES.has(a.type) || a.type === 'ab-test' || a.type === 'content-experiment'

/** The status the engine obeys for an action: its current row, else the version's; a manual flow makes live ones manual. */
export function effectiveActionStatus(
  a: FlowAction,
  flow: { status: number; actionStatus: Map<string, string> },
): string {
  if (!HAS_STATUS(a)) return 'live'
  const own = flow.actionStatus.get(a.id ?? '') ?? (a.data as { status?: string } | null | undefined)?.status ?? 'draft'
  if (flow.status === FLOW_STATUS.manual && own === 'live') return 'manual'
  return own
}

export type RunPatch = {
  status: string
  currentActionId: string | null
  wakeAt: Date | null
  exitReason?: string | null
  finished?: boolean
  keepLease?: boolean
  step?: boolean
}

/** The FlowRun columns a move writes (moveRunOps for one run, batch-step.ts for many). */
export const runPatchColumns = (p: RunPatch, now: Date) => ({
  status: p.status,
  currentActionId: p.currentActionId,
  wakeAt: p.wakeAt,
  updatedAt: now,
  ...(p.exitReason !== undefined ? { exitReason: p.exitReason } : {}),
  ...(p.finished ? { finishedAt: now } : {}),
  ...(p.step ? { stepCount: sql<number>`"stepCount" + 1` } : {}),
  ...(p.keepLease ? {} : { lockedBy: null, leaseUntil: null }),
  attempts: 0,
})

export function* moveRunOps(run: ClaimedRun, workerId: string, now: Date, p: RunPatch): Ops<void> {
  const n = yield* exec(
    kysely()
      .updateTable('FlowRun')
      .set(runPatchColumns(p, now))
      .where('id', '=', run.id)
      .where('lockedBy', '=', workerId)
      .where((eb) =>
        run.currentActionId == null
          ? eb('currentActionId', 'is', null)
          : eb('currentActionId', '=', run.currentActionId),
      ),
  )
  if (!n) throw new LeaseLost()
}

function* writeStepOps(
  run: ClaimedRun,
  action: FlowAction,
  now: Date,
  status: string,
  outcome: string | null,
  detail: Record<string, unknown> | null,
): Ops<void> {
  const values = {
    companyId: run.companyId,
    flowId: run.flowId,
    runId: run.id,
    actionId: action.id!,
    actionType: action.type,
    profileId: run.profileId,
    status,
    outcome,
    detail: detail ? JSON.stringify(detail) : null,
    at: now,
    updatedAt: now,
  }
  yield* exec(
    kysely()
      .insertInto('FlowStep')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['runId', 'actionId'])
          .doUpdateSet({ status, outcome, detail: values.detail, at: now, updatedAt: now }),
      ),
  )
}

/** What one result does: the step row to write, the run's move, and what the engine does next. */
export interface PlannedStep {
  step: { status: string; outcome: string | null; detail: Record<string, unknown> | null }
  patch: RunPatch
  outcome: Outcome
}

/** An executor's result as the step row and the run's move (pure; the single and the batch path share it). */
export function planResult(run: ClaimedRun, r: StepResult, now: Date, keepLease: boolean): PlannedStep {
  const stored = (extra: Record<string, unknown> | undefined, result: Record<string, unknown>) => ({
    ...(extra ?? {}),
    $result: result,
  })
  switch (r.kind) {
    case 'next': {
      const step = {
        status: r.status ?? 'done',
        outcome: r.outcome ?? null,
        detail: stored(r.detail, { kind: 'next', next: r.next }),
      }
      if (r.next == null) {
        return {
          step,
          patch: { status: 'completed', currentActionId: null, wakeAt: null, finished: true, step: true },
          outcome: { continue: false, steps: 1 },
        }
      }
      return {
        step,
        patch: { status: 'active', currentActionId: r.next, wakeAt: now, keepLease, step: true },
        outcome: { continue: keepLease, steps: 1, next: r.next },
      }
    }
    case 'sleep': {
      const step = {
        status: 'done',
        outcome: r.outcome ?? r.until.toISOString(),
        detail: stored(r.detail, { kind: 'sleep', next: r.next, until: r.until.toISOString() }),
      }
      // Nothing after the delay (next null): the run is over once it has waited.
      return {
        step,
        patch: { status: 'active', currentActionId: r.next, wakeAt: r.until, step: true },
        outcome: { continue: false, sleepUntil: r.until, steps: 1 },
      }
    }
    case 'exit':
      return {
        step: { status: 'exited', outcome: r.reason, detail: stored(r.detail, { kind: 'exit', reason: r.reason }) },
        patch: {
          status: 'exited',
          currentActionId: null,
          wakeAt: null,
          exitReason: r.reason,
          finished: true,
          step: true,
        },
        outcome: { continue: false, steps: 1 },
      }
    case 'wait':
      return {
        step: { status: 'waiting', outcome: null, detail: r.detail ?? null },
        patch: { status: 'waiting', currentActionId: run.currentActionId, wakeAt: null, step: true },
        outcome: { continue: false, steps: 1 },
      }
  }
}

/** Applies an executor's result: the step row and the run's next position. */
function* applyResultOps(
  run: ClaimedRun,
  action: FlowAction,
  r: StepResult,
  workerId: string,
  now: Date,
  keepLease: boolean,
): Ops<Outcome> {
  const p = planResult(run, r, now, keepLease)
  yield* writeStepOps(run, action, now, p.step.status, p.step.outcome, p.step.detail)
  yield* moveRunOps(run, workerId, now, p.patch)
  return p.outcome
}

/** What an executor sees of a run at an action. */
export function contextOf(
  run: ClaimedRun,
  action: FlowAction,
  actionStatus: string,
  flow: FlowInfo,
  version: VersionDef,
  now: Date,
): StepContext {
  let triggerEvent: TriggerEvent | null = null
  try {
    triggerEvent = run.triggerEvent ? (JSON.parse(run.triggerEvent) as TriggerEvent) : null
  } catch {
    /* unreadable event: none */
  }
  return {
    companyId: run.companyId,
    flowId: run.flowId,
    version: run.version,
    definition: version.def,
    runId: run.id,
    profileId: run.profileId,
    action,
    actionStatus,
    webhookSecret: flow.webhookSecret,
    triggerKind: run.triggerKind,
    triggerEvent,
    enteredAt: toDate(run.createdAt) ?? now,
    now,
    stepKey: `${run.id}:${action.id}`,
  }
}

/** A result stored with a finished step ($result in detail), to reuse it on a retry. */
function storedResult(action: FlowAction, status: string, outcome: string | null, detail: string | null): StepResult {
  let d: Record<string, unknown> = {}
  try {
    d = detail ? (JSON.parse(detail) as Record<string, unknown>) : {}
  } catch {
    /* no detail */
  }
  const r = d.$result as { kind?: string; next?: string | null; until?: string; reason?: string } | undefined
  delete d.$result
  if (r?.kind === 'sleep' && r.until)
    return { kind: 'sleep', until: new Date(r.until), next: r.next ?? null, outcome, detail: d }
  if (r?.kind === 'exit') return { kind: 'exit', reason: r.reason ?? outcome ?? 'exited', detail: d }
  return {
    kind: 'next',
    next: r?.next !== undefined ? r.next : nextOf(action),
    outcome,
    detail: d,
    status: status as 'done' | 'skipped' | 'failed',
  }
}

export interface StepEnv {
  run: ClaimedRun
  flow: FlowInfo
  version: VersionDef
  workerId: string
  now: Date
  keepLease: boolean
  /** The run was just moved to this action by this worker in this claim: no step row can exist for it yet. */
  fresh?: boolean
}

/** One step of one run, in the caller's write transaction. */
export function* stepOps(e: StepEnv): Ops<Outcome> {
  const { run, flow, version, workerId, now } = e
  if (flow.status === FLOW_STATUS.disabled) {
    yield* moveRunOps(run, workerId, now, {
      status: 'exited',
      currentActionId: null,
      wakeAt: null,
      exitReason: 'flow_disabled',
      finished: true,
    })
    return { continue: false, steps: 0 }
  }
  if (run.currentActionId == null) {
    yield* moveRunOps(run, workerId, now, { status: 'completed', currentActionId: null, wakeAt: null, finished: true })
    return { continue: false, steps: 0 }
  }
  const action = version.actions.get(run.currentActionId)
  if (!action) {
    yield* moveRunOps(run, workerId, now, {
      status: 'exited',
      currentActionId: null,
      wakeAt: null,
      exitReason: 'action_missing',
      finished: true,
    })
    return { continue: false, steps: 0 }
  }
  const existing = e.fresh
    ? undefined
    : yield* selectFirst(
        kysely()
          .selectFrom('FlowStep')
          .select(['status', 'outcome', 'detail'])
          .where('runId', '=', run.id)
          .where('actionId', '=', action.id!),
      )
  let approved = false
  if (existing) {
    switch (existing.status) {
      case 'approved':
        approved = true
        break
      case 'waiting':
        yield* moveRunOps(run, workerId, now, { status: 'waiting', currentActionId: run.currentActionId, wakeAt: null })
        return { continue: false, steps: 0 }
      case 'cancelled': {
        const next = nextOf(action)
        yield* moveRunOps(
          run,
          workerId,
          now,
          next == null
            ? { status: 'completed', currentActionId: null, wakeAt: null, finished: true }
            : { status: 'active', currentActionId: next, wakeAt: now, keepLease: e.keepLease },
        )
        return { continue: e.keepLease && next != null, steps: 0, next }
      }
      default: {
        // Already executed (a retry): reuse the stored result, act on nothing again.
        const r = storedResult(action, existing.status, existing.outcome, existing.detail)
        return yield* applyStoredOps(run, action, r, workerId, now, e.keepLease)
      }
    }
  }

  // A profile in the flow's holdout group (./holdout.ts) leaves before the first step, recorded, so
  // reports can compare it with the profiles that got the flow.
  if (
    !existing &&
    action.id === version.def.entry_action_id &&
    (yield* isInHoldoutOps(run.companyId, run.flowId, run.profileId))
  ) {
    return yield* applyResultOps(
      run,
      action,
      { kind: 'exit', reason: 'holdout', detail: { reason: 'The profile is in the flow holdout group.' } },
      workerId,
      now,
      false,
    )
  }

  // The profile filter is checked again at every step.
  if (!isEmptyFilter(version.def.profile_filter)) {
    const f = yield* evaluateFilterOps(version.def.profile_filter, {
      companyId: run.companyId,
      profileId: run.profileId,
      flowId: run.flowId,
      runId: run.id,
      actionId: action.id!,
      version: run.version,
      now,
      timeZone: yield* companyZoneOps(run.companyId),
    })
    if (!f.match)
      return yield* applyResultOps(
        run,
        action,
        { kind: 'exit', reason: 'profile_filter', detail: { reasons: f.reasons } },
        workerId,
        now,
        false,
      )
  }

  const status = approved ? 'live' : effectiveActionStatus(action, flow)
  if (status === 'draft' || status === 'disabled') {
    return yield* applyResultOps(
      run,
      action,
      {
        kind: 'next',
        next: nextOf(action),
        status: 'skipped',
        outcome: status,
        detail: { reason: `The action is ${status}.` },
      },
      workerId,
      now,
      e.keepLease,
    )
  }
  if (status === 'manual')
    return yield* applyResultOps(
      run,
      action,
      { kind: 'wait', detail: { reason: 'Waiting for approval.' } },
      workerId,
      now,
      false,
    )

  const exec = executorFor(action.type, isUnsupported(action))
  if ('unsupported' in exec) {
    yield* writeStepOps(run, action, now, 'failed', 'unsupported_action', { reason: exec.unsupported })
    yield* moveRunOps(run, workerId, now, {
      status: 'exited',
      currentActionId: null,
      wakeAt: null,
      exitReason: 'unsupported_action',
      finished: true,
      step: true,
    })
    return { continue: false, steps: 1 }
  }
  const ctx = contextOf(run, action, status, flow, version, now)
  const r = yield* exec(ctx)
  return yield* applyResultOps(run, action, r, workerId, now, e.keepLease)
}

/** A reused result moves the run only (the step row stays as written). */
function* applyStoredOps(
  run: ClaimedRun,
  action: FlowAction,
  r: StepResult,
  workerId: string,
  now: Date,
  keepLease: boolean,
): Ops<Outcome> {
  switch (r.kind) {
    case 'next':
      if (r.next == null) {
        yield* moveRunOps(run, workerId, now, {
          status: 'completed',
          currentActionId: null,
          wakeAt: null,
          finished: true,
        })
        return { continue: false, steps: 0 }
      }
      yield* moveRunOps(run, workerId, now, { status: 'active', currentActionId: r.next, wakeAt: now, keepLease })
      return { continue: keepLease, steps: 0, next: r.next }
    case 'sleep':
      yield* moveRunOps(run, workerId, now, { status: 'active', currentActionId: r.next, wakeAt: r.until })
      return { continue: false, sleepUntil: r.until, steps: 0 }
    case 'exit':
      yield* moveRunOps(run, workerId, now, {
        status: 'exited',
        currentActionId: null,
        wakeAt: null,
        exitReason: r.reason,
        finished: true,
      })
      return { continue: false, steps: 0 }
    case 'wait':
      yield* moveRunOps(run, workerId, now, { status: 'waiting', currentActionId: run.currentActionId, wakeAt: null })
      return { continue: false, steps: 0 }
  }
}
