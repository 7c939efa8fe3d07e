// The journey engine's worker side: claim due runs in batches and execute each run's steps
// until it sleeps, waits for an approval, exits or completes.
//
// - Claim: runs with status 'active', wakeAt <= now and no live lease, of flows that are live,
//   manual or disabled (draft and paused flows hold their runs), in wakeAt order, up to a batch:
//   on PostgreSQL UPDATE … WHERE id IN (SELECT … FOR UPDATE OF r SKIP LOCKED), on SQLite the same
//   UPDATE … RETURNING under the single writer. The claim sets lockedBy and leaseUntil; a killed
//   worker's runs come back when the lease ends.
// - Step: ONE write transaction holds the FlowStep row (unique (runId, actionId)), the executor's
//   database work (a Send and its delivery job, a webhook row …) and the run's next position,
//   the last written only while the lease is still ours — otherwise the whole step rolls back.
//   A step whose row exists is not executed again: its stored result is reused.
// - Versions: a run follows its FlowRun.version definition (immutable rows, cached in memory);
//   an action deleted in a newer version still runs from the old one. Action statuses are the
//   current FlowAction rows (draft/disabled: skipped; manual: the run waits for approval).
// - Wake-ups: after a drain, one job at the earliest future wakeAt (wake.ts), so sleeping runs
//   wake after a restart with no timer in memory.
import { hostname } from 'node:os'
import { sql } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, inWriteTx, read, savepoint, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { queueNow } from '@/lib/jobs/clock'
import { STATUS_ACTION_TYPES, isUnsupported, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { isInHoldoutOps } from '@/lib/flows/ajax/holdout'
import { FLOW_STATUS } from '@/lib/flows/store'
import type { StepContext, StepResult, TriggerEvent } from './types'
import { nextOf } from './types'
import { executorFor } from './executors'
import { evaluateFilterOps, isEmptyFilter } from './conditions'
import { companyZoneOps } from './cache'
import { prepareFlowJobs, wakeAtOps, wakeFlowWorkers, wakeNowOps } from './wake'

export interface AdvanceOptions {
  /** The engine clock (tests pass a fixed or stepped clock); default the queue clock. */
  now?: () => Date
  workerId?: string
  /** Runs per claim. */
  batchSize?: number
  /** Steps one run may take per claim before it is released (due again at once). */
  maxStepsPerClaim?: number
  leaseMs?: number
  /** PostgreSQL: runs of a batch advanced at once (each step its own transaction). */
  concurrency?: number
}

export interface AdvanceStats { claimed: number; steps: number; failed: number }

interface ClaimedRun {
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

interface FlowInfo { status: number; webhookSecret: string; actionStatus: Map<string, string> }

const ACTIVE_FLOW_STATUSES = [FLOW_STATUS.manual, FLOW_STATUS.live, FLOW_STATUS.disabled]
const MAX_ATTEMPTS = 8
const defaultWorker = () => `${hostname()}:${process.pid}`

// ---- definitions (immutable per flow version) -----------------------------------------------

interface VersionDef { def: FlowDefinition; actions: Map<string, FlowAction> }
const g = globalThis as unknown as { __flowVersionCache?: Map<string, VersionDef> }
const versionCache = (g.__flowVersionCache ??= new Map())

function* versionOps(companyId: number, flowId: string, version: number): Ops<VersionDef | null> {
  const key = `${companyId}:${flowId}:${version}`
  const hit = versionCache.get(key)
  if (hit) return hit
  const row = yield* selectFirst(
    kysely().selectFrom('FlowVersion').select('definition')
      .where('companyId', '=', companyId).where('flowId', '=', flowId).where('version', '=', version),
  )
  if (!row) return null
  const def = JSON.parse(row.definition) as FlowDefinition
  const v = { def, actions: new Map(def.actions.filter((a) => a.id).map((a) => [a.id!, a])) }
  if (versionCache.size > 2000) versionCache.delete(versionCache.keys().next().value!)
  versionCache.set(key, v)
  return v
}

// ---- claim ------------------------------------------------------------------------------------

function* claimOps(o: { workerId: string; now: Date; leaseUntil: Date; limit: number }): Ops<ClaimedRun[]> {
  const lockClause = dbEngine() === 'postgresql' ? sql`FOR UPDATE OF r SKIP LOCKED` : sql``
  const statuses = sql.join(ACTIVE_FLOW_STATUSES.map((s) => sql`${s}`))
  const q = sql<ClaimedRun>`UPDATE "FlowRun" SET "lockedBy" = ${o.workerId}, "leaseUntil" = ${o.leaseUntil}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT r."id" FROM "FlowRun" r
      WHERE r."status" = 'active' AND r."wakeAt" <= ${o.now} AND (r."leaseUntil" IS NULL OR r."leaseUntil" < ${o.now})
        AND EXISTS (SELECT 1 FROM "Flow" f WHERE f."id" = r."flowId" AND f."status" IN (${statuses}))
      ORDER BY r."wakeAt" LIMIT ${o.limit} ${lockClause})
    RETURNING "id", "companyId", "flowId", "version", "profileId", "currentActionId", "triggerKind", "triggerEvent", "createdAt", "attempts"`
  return yield* select(q.compile(kysely()))
}

function* flowInfoOps(flowIds: string[]): Ops<Map<string, FlowInfo>> {
  const out = new Map<string, FlowInfo>()
  if (!flowIds.length) return out
  const flows = yield* select(kysely().selectFrom('Flow').select(['id', 'status', 'webhookSecret']).where('id', 'in', flowIds))
  for (const f of flows) out.set(f.id, { status: f.status, webhookSecret: f.webhookSecret, actionStatus: new Map() })
  const actions = yield* select(kysely().selectFrom('FlowAction').select(['id', 'flowId', 'status']).where('flowId', 'in', flowIds))
  for (const a of actions) out.get(a.flowId)?.actionStatus.set(a.id, a.status)
  return out
}

// ---- one step -----------------------------------------------------------------------------------

class LeaseLost extends Error {
  constructor() {
    super('The run was taken over by another worker.')
    this.name = 'LeaseLost'
  }
}

/** What the engine does with a run after one step. */
interface Outcome {
  /** true: the run can take its next step now, in this claim. */
  continue: boolean
  sleepUntil?: Date
  steps: number
  /** The run's action after the step (when it continues). */
  next?: string | null
}

const HAS_STATUS = (a: FlowAction) => STATUS_ACTION_TYPES.has(a.type) || a.type === 'ab-test' || a.type === 'content-experiment'

/** The status the engine obeys for an action: its current row, else the version's; a manual flow makes live ones manual. */
export function effectiveActionStatus(a: FlowAction, flow: { status: number; actionStatus: Map<string, string> }): string {
  if (!HAS_STATUS(a)) return 'live'
  const own = flow.actionStatus.get(a.id ?? '') ?? ((a.data as { status?: string } | null | undefined)?.status ?? 'draft')
  if (flow.status === FLOW_STATUS.manual && own === 'live') return 'manual'
  return own
}

type RunPatch = {
  status: string; currentActionId: string | null; wakeAt: Date | null; exitReason?: string | null; finished?: boolean; keepLease?: boolean; step?: boolean
}

function* moveRunOps(run: ClaimedRun, workerId: string, now: Date, p: RunPatch): Ops<void> {
  const n = yield* exec(
    kysely().updateTable('FlowRun').set({
      status: p.status, currentActionId: p.currentActionId, wakeAt: p.wakeAt, updatedAt: now,
      ...(p.exitReason !== undefined ? { exitReason: p.exitReason } : {}),
      ...(p.finished ? { finishedAt: now } : {}),
      ...(p.step ? { stepCount: sql<number>`"stepCount" + 1` } : {}),
      ...(p.keepLease ? {} : { lockedBy: null, leaseUntil: null }),
      attempts: 0,
    })
      .where('id', '=', run.id).where('lockedBy', '=', workerId)
      .where((eb) => (run.currentActionId == null ? eb('currentActionId', 'is', null) : eb('currentActionId', '=', run.currentActionId))),
  )
  if (!n) throw new LeaseLost()
}

function* writeStepOps(run: ClaimedRun, action: FlowAction, now: Date, status: string, outcome: string | null, detail: Record<string, unknown> | null): Ops<void> {
  const values = {
    companyId: run.companyId, flowId: run.flowId, runId: run.id, actionId: action.id!, actionType: action.type, profileId: run.profileId,
    status, outcome, detail: detail ? JSON.stringify(detail) : null, at: now, updatedAt: now,
  }
  yield* exec(
    kysely().insertInto('FlowStep').values(values)
      .onConflict((oc) => oc.columns(['runId', 'actionId']).doUpdateSet({ status, outcome, detail: values.detail, at: now, updatedAt: now })),
  )
}

/** Applies an executor's result: the step row and the run's next position. */
function* applyResultOps(run: ClaimedRun, action: FlowAction, r: StepResult, workerId: string, now: Date, keepLease: boolean): Ops<Outcome> {
  const stored = (extra: Record<string, unknown> | undefined, result: Record<string, unknown>) => ({ ...(extra ?? {}), $result: result })
  switch (r.kind) {
    case 'next': {
      yield* writeStepOps(run, action, now, r.status ?? 'done', r.outcome ?? null, stored(r.detail, { kind: 'next', next: r.next }))
      if (r.next == null) {
        yield* moveRunOps(run, workerId, now, { status: 'completed', currentActionId: null, wakeAt: null, finished: true, step: true })
        return { continue: false, steps: 1 }
      }
      yield* moveRunOps(run, workerId, now, { status: 'active', currentActionId: r.next, wakeAt: now, keepLease, step: true })
      return { continue: keepLease, steps: 1, next: r.next }
    }
    case 'sleep': {
      yield* writeStepOps(run, action, now, 'done', r.outcome ?? r.until.toISOString(), stored(r.detail, { kind: 'sleep', next: r.next, until: r.until.toISOString() }))
      if (r.next == null) {
        // Nothing after the delay: the run is over once it has waited.
        yield* moveRunOps(run, workerId, now, { status: 'active', currentActionId: null, wakeAt: r.until, step: true })
        return { continue: false, sleepUntil: r.until, steps: 1 }
      }
      yield* moveRunOps(run, workerId, now, { status: 'active', currentActionId: r.next, wakeAt: r.until, step: true })
      return { continue: false, sleepUntil: r.until, steps: 1 }
    }
    case 'exit':
      yield* writeStepOps(run, action, now, 'exited', r.reason, stored(r.detail, { kind: 'exit', reason: r.reason }))
      yield* moveRunOps(run, workerId, now, { status: 'exited', currentActionId: null, wakeAt: null, exitReason: r.reason, finished: true, step: true })
      return { continue: false, steps: 1 }
    case 'wait':
      yield* writeStepOps(run, action, now, 'waiting', null, r.detail ?? null)
      yield* moveRunOps(run, workerId, now, { status: 'waiting', currentActionId: run.currentActionId, wakeAt: null, step: true })
      return { continue: false, steps: 1 }
  }
}

/** A result stored with a finished step ($result in detail), to reuse it on a retry. */
function storedResult(action: FlowAction, status: string, outcome: string | null, detail: string | null): StepResult {
  let d: Record<string, unknown> = {}
  try {
    d = detail ? (JSON.parse(detail) as Record<string, unknown>) : {}
  } catch { /* no detail */ }
  const r = d.$result as { kind?: string; next?: string | null; until?: string; reason?: string } | undefined
  delete d.$result
  if (r?.kind === 'sleep' && r.until) return { kind: 'sleep', until: new Date(r.until), next: r.next ?? null, outcome, detail: d }
  if (r?.kind === 'exit') return { kind: 'exit', reason: r.reason ?? outcome ?? 'exited', detail: d }
  return { kind: 'next', next: r?.next !== undefined ? r.next : nextOf(action), outcome, detail: d, status: status as 'done' | 'skipped' | 'failed' }
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
    yield* moveRunOps(run, workerId, now, { status: 'exited', currentActionId: null, wakeAt: null, exitReason: 'flow_disabled', finished: true })
    return { continue: false, steps: 0 }
  }
  if (run.currentActionId == null) {
    yield* moveRunOps(run, workerId, now, { status: 'completed', currentActionId: null, wakeAt: null, finished: true })
    return { continue: false, steps: 0 }
  }
  const action = version.actions.get(run.currentActionId)
  if (!action) {
    yield* moveRunOps(run, workerId, now, { status: 'exited', currentActionId: null, wakeAt: null, exitReason: 'action_missing', finished: true })
    return { continue: false, steps: 0 }
  }
  const existing = e.fresh ? undefined : yield* selectFirst(
    kysely().selectFrom('FlowStep').select(['status', 'outcome', 'detail']).where('runId', '=', run.id).where('actionId', '=', action.id!),
  )
  let approved = false
  if (existing) {
    switch (existing.status) {
      case 'approved': approved = true; break
      case 'waiting':
        yield* moveRunOps(run, workerId, now, { status: 'waiting', currentActionId: run.currentActionId, wakeAt: null })
        return { continue: false, steps: 0 }
      case 'cancelled': {
        const next = nextOf(action)
        yield* moveRunOps(run, workerId, now, next == null
          ? { status: 'completed', currentActionId: null, wakeAt: null, finished: true }
          : { status: 'active', currentActionId: next, wakeAt: now, keepLease: e.keepLease })
        return { continue: e.keepLease && next != null, steps: 0, next }
      }
      default: {
        // Already executed (a retry): reuse the stored result, act on nothing again.
        const r = storedResult(action, existing.status, existing.outcome, existing.detail)
        return yield* applyStoredOps(run, action, r, workerId, now, e.keepLease)
      }
    }
  }

  // A profile in the flow's holdout group (lib/flows/ajax/holdout.ts) leaves before the first step, recorded, so
  // reports can compare it with the profiles that got the flow.
  if (!existing && action.id === version.def.entry_action_id && (yield* isInHoldoutOps(run.companyId, run.flowId, run.profileId))) {
    return yield* applyResultOps(run, action, { kind: 'exit', reason: 'holdout', detail: { reason: 'The profile is in the flow holdout group.' } }, workerId, now, false)
  }

  // The profile filter is checked again at every step.
  if (!isEmptyFilter(version.def.profile_filter)) {
    const f = yield* evaluateFilterOps(version.def.profile_filter, {
      companyId: run.companyId, profileId: run.profileId, flowId: run.flowId, runId: run.id, actionId: action.id!,
      version: run.version, now, timeZone: yield* companyZoneOps(run.companyId),
    })
    if (!f.match) return yield* applyResultOps(run, action, { kind: 'exit', reason: 'profile_filter', detail: { reasons: f.reasons } }, workerId, now, false)
  }

  const status = approved ? 'live' : effectiveActionStatus(action, flow)
  if (status === 'draft' || status === 'disabled') {
    return yield* applyResultOps(run, action, { kind: 'next', next: nextOf(action), status: 'skipped', outcome: status, detail: { reason: `The action is ${status}.` } }, workerId, now, e.keepLease)
  }
  if (status === 'manual') return yield* applyResultOps(run, action, { kind: 'wait', detail: { reason: 'Waiting for approval.' } }, workerId, now, false)

  const exec = executorFor(action.type, isUnsupported(action))
  if ('unsupported' in exec) {
    yield* writeStepOps(run, action, now, 'failed', 'unsupported_action', { reason: exec.unsupported })
    yield* moveRunOps(run, workerId, now, { status: 'exited', currentActionId: null, wakeAt: null, exitReason: 'unsupported_action', finished: true, step: true })
    return { continue: false, steps: 1 }
  }
  let triggerEvent: TriggerEvent | null = null
  try {
    triggerEvent = run.triggerEvent ? (JSON.parse(run.triggerEvent) as TriggerEvent) : null
  } catch { /* unreadable event: none */ }
  const ctx: StepContext = {
    companyId: run.companyId, flowId: run.flowId, version: run.version, definition: version.def, runId: run.id, profileId: run.profileId,
    action, actionStatus: status, webhookSecret: flow.webhookSecret, triggerKind: run.triggerKind, triggerEvent,
    enteredAt: toDate(run.createdAt) ?? now, now, stepKey: `${run.id}:${action.id}`,
  }
  const r = yield* exec(ctx)
  return yield* applyResultOps(run, action, r, workerId, now, e.keepLease)
}

/** A reused result moves the run only (the step row stays as written). */
function* applyStoredOps(run: ClaimedRun, action: FlowAction, r: StepResult, workerId: string, now: Date, keepLease: boolean): Ops<Outcome> {
  switch (r.kind) {
    case 'next':
      if (r.next == null) {
        yield* moveRunOps(run, workerId, now, { status: 'completed', currentActionId: null, wakeAt: null, finished: true })
        return { continue: false, steps: 0 }
      }
      yield* moveRunOps(run, workerId, now, { status: 'active', currentActionId: r.next, wakeAt: now, keepLease })
      return { continue: keepLease, steps: 0, next: r.next }
    case 'sleep':
      yield* moveRunOps(run, workerId, now, { status: 'active', currentActionId: r.next, wakeAt: r.until })
      return { continue: false, sleepUntil: r.until, steps: 0 }
    case 'exit':
      yield* moveRunOps(run, workerId, now, { status: 'exited', currentActionId: null, wakeAt: null, exitReason: r.reason, finished: true })
      return { continue: false, steps: 0 }
    case 'wait':
      yield* moveRunOps(run, workerId, now, { status: 'waiting', currentActionId: run.currentActionId, wakeAt: null })
      return { continue: false, steps: 0 }
  }
}

// ---- a run, a batch, a drain -------------------------------------------------------------------

async function advanceRun(run: ClaimedRun, flow: FlowInfo | undefined, o: Required<Omit<AdvanceOptions, 'concurrency'>>, stats: AdvanceStats, sleeps: Date[]) {
  let steps = 0
  for (;;) {
    const now = o.now()
    try {
      const version = await read(versionOps(run.companyId, run.flowId, run.version))
      const info: FlowInfo = flow ?? { status: FLOW_STATUS.disabled, webhookSecret: '', actionStatus: new Map() }
      if (!version) {
        await inWriteTx(() => moveRunOps(run, o.workerId, now, { status: 'exited', currentActionId: null, wakeAt: null, exitReason: 'version_missing', finished: true }))
        return
      }
      const keepLease = steps + 1 < o.maxStepsPerClaim
      const out = await inWriteTx(() => stepOps({ run, flow: info, version, workerId: o.workerId, now, keepLease, fresh: steps > 0 }))
      steps++
      stats.steps += out.steps
      if (out.sleepUntil) sleeps.push(out.sleepUntil)
      if (!out.continue || out.next == null) return
      run.currentActionId = out.next
    } catch (err) {
      if (err instanceof LeaseLost) return
      stats.failed++
      await releaseAfterError(run, o, now, err).catch(() => {})
      return
    }
  }
}

async function releaseAfterError(run: ClaimedRun, o: { workerId: string }, now: Date, err: unknown) {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
  const giveUp = run.attempts >= MAX_ATTEMPTS
  const wakeAt = new Date(now.getTime() + Math.min(2 ** run.attempts, 600) * 1000)
  await inWriteTx(function* () {
    yield* exec(
      kysely().updateTable('FlowRun').set(giveUp
        ? { status: 'failed', exitReason: `error: ${message}`.slice(0, 500), lockedBy: null, leaseUntil: null, finishedAt: now, updatedAt: now, wakeAt: null }
        : { lockedBy: null, leaseUntil: null, wakeAt, updatedAt: now })
        .where('id', '=', run.id).where('lockedBy', '=', o.workerId),
    )
    if (!giveUp) yield* wakeAtOps(wakeAt, now)
  })
}

/**
 * SQLite: the batch advances in rounds; one write transaction per round holds one step of every
 * run still going, each step inside its own savepoint (a failing step rolls back alone), so a
 * commit is paid per round, not per step. Every step still commits atomically with its effects.
 */
async function advanceBatchSqlite(runs: ClaimedRun[], flows: Map<string, FlowInfo>, o: Required<Omit<AdvanceOptions, 'concurrency'>>, stats: AdvanceStats, sleeps: Date[]) {
  let going = runs.map((run) => ({ run, steps: 0 }))
  while (going.length) {
    const now = o.now()
    const versions = new Map<string, VersionDef | null>()
    for (const g of going) {
      const key = `${g.run.companyId}:${g.run.flowId}:${g.run.version}`
      if (!versions.has(key)) versions.set(key, await read(versionOps(g.run.companyId, g.run.flowId, g.run.version)))
    }
    type R = { ok: Outcome } | { error: unknown }
    const results: R[] = await inWriteTx(function* () {
      const out: R[] = []
      for (const g of going) {
        const version = versions.get(`${g.run.companyId}:${g.run.flowId}:${g.run.version}`) ?? null
        const flow = flows.get(g.run.flowId) ?? { status: FLOW_STATUS.disabled, webhookSecret: '', actionStatus: new Map() }
        out.push(yield* savepoint<R, R>(function* () {
          if (!version) {
            yield* moveRunOps(g.run, o.workerId, now, { status: 'exited', currentActionId: null, wakeAt: null, exitReason: 'version_missing', finished: true })
            return { ok: { continue: false, steps: 0 } }
          }
          return { ok: yield* stepOps({ run: g.run, flow, version, workerId: o.workerId, now, keepLease: g.steps + 1 < o.maxStepsPerClaim, fresh: g.steps > 0 }) }
        }, (error) => ({ error })))
      }
      return out
    })
    const next: typeof going = []
    for (let i = 0; i < going.length; i++) {
      const g = going[i]!
      const r = results[i]!
      if ('error' in r) {
        if (r.error instanceof LeaseLost) continue
        stats.failed++
        await releaseAfterError(g.run, o, now, r.error).catch(() => {})
        continue
      }
      g.steps++
      stats.steps += r.ok.steps
      if (r.ok.sleepUntil) sleeps.push(r.ok.sleepUntil)
      if (r.ok.continue && r.ok.next != null) {
        g.run.currentActionId = r.ok.next
        next.push(g)
      }
    }
    going = next
  }
}

/** Claims one batch of due runs and advances each; returns what it did. */
export async function advanceDueRuns(opts: AdvanceOptions = {}): Promise<AdvanceStats & { sleeps: Date[] }> {
  const o = {
    now: opts.now ?? queueNow, workerId: opts.workerId ?? defaultWorker(), batchSize: opts.batchSize ?? 200,
    maxStepsPerClaim: opts.maxStepsPerClaim ?? 25, leaseMs: opts.leaseMs ?? 60_000,
  }
  const stats: AdvanceStats = { claimed: 0, steps: 0, failed: 0 }
  const sleeps: Date[] = []
  const now = o.now()
  const runs = await inWriteTx(() => claimOps({ workerId: o.workerId, now, leaseUntil: new Date(now.getTime() + o.leaseMs), limit: o.batchSize }))
  stats.claimed = runs.length
  if (!runs.length) return { ...stats, sleeps }
  const flows = await read(flowInfoOps([...new Set(runs.map((r) => r.flowId))]))
  if (dbEngine() === 'sqlite') {
    await advanceBatchSqlite(runs, flows, o, stats, sleeps)
    return { ...stats, sleeps }
  }
  const concurrency = Math.max(1, opts.concurrency ?? 8)
  let i = 0
  const lane = async () => {
    while (i < runs.length) {
      const run = runs[i++]!
      await advanceRun(run, flows.get(run.flowId), o, stats, sleeps)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane))
  return { ...stats, sleeps }
}

/** When the next run is due (a future wakeAt, or a lease that ends), for the next wake-up job. */
export function* nextWakeOps(now: Date): Ops<Date | null> {
  const future = yield* selectFirst(
    kysely().selectFrom('FlowRun').select('wakeAt').where('status', '=', 'active').where('wakeAt', '>', now).orderBy('wakeAt').limit(1),
  )
  const due = yield* selectFirst(
    kysely().selectFrom('FlowRun').select([(eb) => eb.fn.min('leaseUntil').as('lease'), (eb) => eb.fn.countAll().as('n')])
      .where('status', '=', 'active').where('wakeAt', '<=', now),
  )
  const candidates: number[] = []
  const f = toDate(future?.wakeAt)
  if (f) candidates.push(f.getTime())
  const lease = toDate(due?.lease)
  if (lease && lease.getTime() > now.getTime()) candidates.push(lease.getTime() + 1)
  // Due runs held by a draft or paused flow: look again in a minute (a resumed flow's runs go on).
  else if (Number(due?.n ?? 0) > 0) candidates.push(now.getTime() + 60_000)
  return candidates.length ? new Date(Math.min(...candidates)) : null
}

export interface DrainOptions extends AdvanceOptions {
  /** Stop claiming after this long (the rest is left to a fresh job). */
  budgetMs?: number
}

/**
 * Advances due runs until none is left (or the budget is spent), then leaves one wake-up job at
 * the next due time. The 'flows.advance' job handler; also callable directly (tests, benches).
 */
export async function drainFlowRuns(opts: DrainOptions = {}): Promise<AdvanceStats & { batches: number }> {
  await prepareFlowJobs()
  const clock = opts.now ?? queueNow
  const started = Date.now()
  const total: AdvanceStats & { batches: number } = { claimed: 0, steps: 0, failed: 0, batches: 0 }
  let more = false
  for (;;) {
    const r = await advanceDueRuns(opts)
    if (!r.claimed) break
    total.claimed += r.claimed
    total.steps += r.steps
    total.failed += r.failed
    total.batches++
    if (Date.now() - started > (opts.budgetMs ?? 20_000)) {
      more = true
      break
    }
  }
  const now = clock()
  await inWriteTx(function* () {
    if (more) {
      yield* wakeNowOps(now)
      return
    }
    const next = yield* nextWakeOps(now)
    if (next) yield* wakeAtOps(next, now)
  })
  if (more) wakeFlowWorkers()
  return total
}
