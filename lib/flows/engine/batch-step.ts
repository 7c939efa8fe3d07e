// Many runs at the same action, stepped as a set (issue 11: a price drop puts 50,000 runs at one
// send-email action; issue 9: a burst of events puts many runs at one entry action). The runs of a
// group share company, flow, version and current action (the claim's rounds group them,
// advance-runs.ts); in ONE write transaction the batch
// - reads the step rows already written for them (a retry) in one query, and leaves those runs,
//   and any run of an action that is not live (draft, disabled, manual, unsupported), to the
//   single path (step.ts, in the same transaction);
// - decides the holdout (one lookup for the flow) and the profile filter per run, as stepOps does;
// - executes the action: the type's set-based executor when it has one (message sends: one
//   multi-row INSERT of Sends with their per-run keys), else the executor once per run;
// - writes one FlowStep row per run (multi-row INSERTs; unique (runId, actionId)) and moves the
//   runs with one UPDATE per distinct move, each only while the lease is ours: a run taken over
//   meanwhile makes the whole batch throw LeaseLost, and the caller rolls it back and steps the
//   runs one by one, as it does when anything else in the batch throws. So a step still commits
//   with its effects or not at all, and a retry finds the step rows and the send keys.
import { sql } from 'kysely'
import { exec, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { isUnsupported } from '@/lib/flows/definition'
import { flowHoldoutOps, holdoutBucket, type FlowHoldout } from './holdout'
import { FLOW_STATUS } from '@/lib/flows/store'
import type { StepResult } from './types'
import { batchExecutorFor, executorFor } from './executors'
import { evaluateFilterOps, isEmptyFilter } from './conditions'
import { companyZoneOps } from './cache'
import {
  contextOf,
  effectiveActionStatus,
  LeaseLost,
  planResult,
  runPatchColumns,
  stepOps,
  type ClaimedRun,
  type FlowInfo,
  type Outcome,
  type PlannedStep,
  type RunPatch,
  type VersionDef,
} from './step'

export interface BatchEnv {
  flow: FlowInfo
  version: VersionDef
  workerId: string
  now: Date
  keepLease: boolean
  /** The flow's holdout when the caller has read it for this claim (else it is read here, at the entry action). */
  holdout?: FlowHoldout | null
}

/** A run of the batch; fresh: moved to this action by this worker in this claim (no step row can exist yet). */
export interface BatchMember {
  run: ClaimedRun
  fresh: boolean
}

const CHUNK = 400
/** PostgreSQL binds a chunk's values as arrays (unnest, = ANY): a few parameters whatever its size. */
const PG_CHUNK = 5000
const pgArrays = () => dbEngine() === 'postgresql'

/** One step of every member (same company, flow, version and current action), in the caller's transaction; outcome i is member i's. */
export function* batchStepOps(members: BatchMember[], e: BatchEnv): Ops<Outcome[]> {
  const { flow, version, workerId, now, keepLease } = e
  const out: Outcome[] = new Array(members.length)
  const single = (m: BatchMember) => stepOps({ run: m.run, flow, version, workerId, now, keepLease, fresh: m.fresh })
  const first = members[0]?.run
  const action = first?.currentActionId == null ? undefined : version.actions.get(first.currentActionId)
  const status = action ? effectiveActionStatus(action, flow) : 'none'
  const executor = action ? executorFor(action.type, isUnsupported(action)) : null
  if (
    !first ||
    !action ||
    flow.status === FLOW_STATUS.disabled ||
    status !== 'live' ||
    !executor ||
    'unsupported' in executor
  ) {
    for (let i = 0; i < members.length; i++) out[i] = yield* single(members[i]!)
    return out
  }
  const actionId = action.id!
  for (const m of members) {
    if (
      m.run.currentActionId !== actionId ||
      m.run.flowId !== first.flowId ||
      m.run.version !== first.version ||
      m.run.companyId !== first.companyId
    ) {
      throw new Error('batchStepOps: the runs of a batch must stand at the same action of the same flow version.')
    }
  }

  // Step rows written before (a retry after a crash, an approval): the single path reuses them.
  const written = new Set<string>()
  const stale = members.filter((m) => !m.fresh).map((m) => m.run.id)
  const step = pgArrays() ? PG_CHUNK : CHUNK
  for (let i = 0; i < stale.length; i += step) {
    const ids = stale.slice(i, i + step)
    const rows = yield* select(
      kysely()
        .selectFrom('FlowStep')
        .select('runId')
        .where(pgArrays() ? sql<boolean>`"runId" = ANY(${ids}::text[])` : (eb) => eb('runId', 'in', ids))
        .where('actionId', '=', actionId),
    )
    for (const r of rows) written.add(r.runId)
  }
  const results: Array<StepResult | undefined> = new Array(members.length)
  const todo: number[] = []
  for (let i = 0; i < members.length; i++) {
    if (written.has(members[i]!.run.id)) out[i] = yield* single(members[i]!)
    else todo.push(i)
  }

  // The holdout (before the entry action) and the profile filter (every step), as stepOps decides them.
  const holdout =
    actionId !== version.def.entry_action_id
      ? null
      : e.holdout !== undefined
        ? e.holdout
        : yield* flowHoldoutOps(first.companyId, first.flowId)
  const filtered = !isEmptyFilter(version.def.profile_filter)
  const run: number[] = []
  for (const i of todo) {
    const r = members[i]!.run
    if (
      holdout &&
      holdout.percent > 0 &&
      holdoutBucket(r.companyId, holdout.experimentId, r.profileId) < holdout.percent / 100
    ) {
      results[i] = { kind: 'exit', reason: 'holdout', detail: { reason: 'The profile is in the flow holdout group.' } }
      continue
    }
    if (filtered) {
      const f = yield* evaluateFilterOps(version.def.profile_filter, {
        companyId: r.companyId,
        profileId: r.profileId,
        flowId: r.flowId,
        runId: r.id,
        actionId,
        version: r.version,
        now,
        timeZone: yield* companyZoneOps(r.companyId),
      })
      if (!f.match) {
        results[i] = { kind: 'exit', reason: 'profile_filter', detail: { reasons: f.reasons } }
        continue
      }
    }
    run.push(i)
  }

  if (run.length) {
    const ctxs = run.map((i) => contextOf(members[i]!.run, action, status, flow, version, now))
    const many = batchExecutorFor(action.type)
    if (many) {
      const rs = yield* many(ctxs)
      run.forEach((i, k) => (results[i] = rs[k]))
    } else {
      for (let k = 0; k < run.length; k++) results[run[k]!] = yield* executor(ctxs[k]!)
    }
  }

  const planned: Array<{ run: ClaimedRun; p: PlannedStep }> = []
  for (const i of todo) {
    const r = results[i]
    if (!r) throw new Error(`batchStepOps: no result for run ${members[i]!.run.id}.`)
    const p = planResult(members[i]!.run, r, now, keepLease)
    planned.push({ run: members[i]!.run, p })
    out[i] = p.outcome
  }
  yield* writeStepsOps(planned, actionId, action.type, now)
  yield* moveRunsOps(planned, actionId, workerId, now)
  return out
}

/** The step rows of a batch, multi-row (the same upsert as the single path's). */
function* writeStepsOps(
  planned: Array<{ run: ClaimedRun; p: PlannedStep }>,
  actionId: string,
  actionType: string,
  now: Date,
): Ops<void> {
  if (pgArrays()) {
    for (let i = 0; i < planned.length; i += PG_CHUNK)
      yield* writeStepsPg(planned.slice(i, i + PG_CHUNK), actionId, actionType, now)
    return
  }
  for (let i = 0; i < planned.length; i += CHUNK) {
    const rows = planned.slice(i, i + CHUNK).map(({ run, p }) => ({
      companyId: run.companyId,
      flowId: run.flowId,
      runId: run.id,
      actionId,
      actionType,
      profileId: run.profileId,
      status: p.step.status,
      outcome: p.step.outcome,
      detail: p.step.detail ? JSON.stringify(p.step.detail) : null,
      at: now,
      updatedAt: now,
    }))
    yield* exec(
      kysely()
        .insertInto('FlowStep')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['runId', 'actionId']).doUpdateSet((eb) => ({
            status: eb.ref('excluded.status'),
            outcome: eb.ref('excluded.outcome'),
            detail: eb.ref('excluded.detail'),
            at: now,
            updatedAt: now,
          })),
        ),
    )
  }
}

/**
 * PostgreSQL: the same upsert with the per-run values bound as five arrays and the batch's shared
 * values once (one statement of 10 parameters instead of 11 per row: less to send, parse and plan).
 */
function* writeStepsPg(
  planned: Array<{ run: ClaimedRun; p: PlannedStep }>,
  actionId: string,
  actionType: string,
  now: Date,
): Ops<void> {
  const first = planned[0]?.run
  if (!first) return
  const col = <T>(f: (x: { run: ClaimedRun; p: PlannedStep }) => T) => planned.map(f)
  yield* exec(
    sql`INSERT INTO "FlowStep" ("companyId", "flowId", "runId", "actionId", "actionType", "profileId", "status", "outcome", "detail", "at", "updatedAt")
    SELECT ${first.companyId}::int, ${first.flowId}::text, t."runId", ${actionId}::text, ${actionType}::text, t."profileId", t."status", t."outcome", t."detail", ${now}::timestamp(3), ${now}::timestamp(3)
    FROM unnest(${col((x) => x.run.id)}::text[], ${col((x) => x.run.profileId)}::text[], ${col((x) => x.p.step.status)}::text[],
      ${col((x) => x.p.step.outcome)}::text[], ${col((x) => (x.p.step.detail ? JSON.stringify(x.p.step.detail) : null))}::text[]) AS t("runId", "profileId", "status", "outcome", "detail")
    ON CONFLICT ("runId", "actionId") DO UPDATE SET "status" = excluded."status", "outcome" = excluded."outcome", "detail" = excluded."detail", "at" = excluded."at", "updatedAt" = excluded."updatedAt"`.compile(
      kysely(),
    ),
  )
}

/** The runs' moves: one UPDATE per distinct move, each only where the lease is still ours (else LeaseLost). */
function* moveRunsOps(
  planned: Array<{ run: ClaimedRun; p: PlannedStep }>,
  actionId: string,
  workerId: string,
  now: Date,
): Ops<void> {
  const byMove = new Map<string, { patch: RunPatch; ids: string[] }>()
  for (const { run, p } of planned) {
    const key = JSON.stringify(p.patch)
    const g = byMove.get(key) ?? { patch: p.patch, ids: [] }
    g.ids.push(run.id)
    byMove.set(key, g)
  }
  const step = pgArrays() ? PG_CHUNK : CHUNK
  for (const { patch: p, ids } of byMove.values()) {
    for (let i = 0; i < ids.length; i += step) {
      const chunk = ids.slice(i, i + step)
      const n = yield* exec(
        kysely()
          .updateTable('FlowRun')
          .set(runPatchColumns(p, now))
          .where(pgArrays() ? sql<boolean>`"id" = ANY(${chunk}::text[])` : (eb) => eb('id', 'in', chunk))
          .where('lockedBy', '=', workerId)
          .where('currentActionId', '=', actionId),
      )
      if (n !== chunk.length) throw new LeaseLost()
    }
  }
}
