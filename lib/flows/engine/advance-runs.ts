// The journey engine's worker side: claim due runs in batches and advance them, step by step,
// until each sleeps, waits for an approval, exits or completes.
//
// - Claim: runs with status 'active', wakeAt <= now and no live lease, of flows that are live,
//   manual or disabled (draft and paused flows hold their runs), in wakeAt order, up to a batch:
//   on PostgreSQL UPDATE … WHERE id IN (SELECT … FOR UPDATE OF r SKIP LOCKED), on SQLite the same
//   UPDATE … RETURNING under the single writer. The claim sets lockedBy and leaseUntil; a killed
//   worker's runs come back when the lease ends.
// - Rounds: the claimed runs advance one step per round; a round groups the runs that stand at
//   the same action of the same flow version and steps each group as a set (batch-step.ts: one
//   transaction, multi-row step rows, set-based sends), a lone run through the single path
//   (step.ts). A group whose batch throws is rolled back and its runs stepped one by one, each
//   alone, so one bad run cannot fail the others. SQLite: one write transaction per round, each
//   group or run in its own savepoint. PostgreSQL: each group (split in up to `concurrency`
//   chunks) or run in its own transaction, `concurrency` of them at once.
// - Step (step.ts): the FlowStep row (unique (runId, actionId)), the executor's database work and
//   the run's next position commit together, the move only while the lease is still ours.
// - Wake-ups: after a drain, one job at the earliest future wakeAt (wake.ts), so sleeping runs
//   wake after a restart with no timer in memory.
import { hostname } from 'node:os'
import { sql } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, inIndexOrder, inWriteTx, read, savepoint, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { queueNow } from '@/lib/jobs/clock'
import { FLOW_STATUS } from '@/lib/flows/store'
import {
  GONE_FLOW,
  LeaseLost,
  moveRunOps,
  stepOps,
  versionOps,
  type ClaimedRun,
  type FlowInfo,
  type Outcome,
  type VersionDef,
} from './step'
import { batchStepOps } from './batch-step'
import { batchExecutorFor } from './executors'
import { flowHoldoutOps, type FlowHoldout } from './holdout'
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
  /** PostgreSQL: transactions of a round at once (a group's chunks, lone runs). */
  concurrency?: number
}

export interface AdvanceStats {
  claimed: number
  steps: number
  failed: number
  /** Of the steps, those taken as a set with other runs at the same action (batch-step.ts). */
  batched: number
}

const ACTIVE_FLOW_STATUSES = [FLOW_STATUS.manual, FLOW_STATUS.live, FLOW_STATUS.disabled]
const MAX_ATTEMPTS = 8
const defaultWorker = () => `${hostname()}:${process.pid}`

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
  // The (status, wakeAt) index returns the due runs in order: read it, never sort them all.
  return yield* inIndexOrder(select(q.compile(kysely())))
}

function* flowInfoOps(flowIds: string[]): Ops<Map<string, FlowInfo>> {
  const out = new Map<string, FlowInfo>()
  if (!flowIds.length) return out
  const flows = yield* select(
    kysely().selectFrom('Flow').select(['id', 'status', 'webhookSecret']).where('id', 'in', flowIds),
  )
  for (const f of flows) out.set(f.id, { status: f.status, webhookSecret: f.webhookSecret, actionStatus: new Map() })
  const actions = yield* select(
    kysely().selectFrom('FlowAction').select(['id', 'flowId', 'status']).where('flowId', 'in', flowIds),
  )
  for (const a of actions) out.get(a.flowId)?.actionStatus.set(a.id, a.status)
  return out
}

// ---- rounds, a batch, a drain -------------------------------------------------------------------

type Resolved = Required<Omit<AdvanceOptions, 'concurrency'>> & { concurrency: number }
interface Member {
  run: ClaimedRun
  steps: number
}
type R = { ok: Outcome; batched?: boolean } | { error: unknown }

async function releaseAfterError(run: ClaimedRun, o: { workerId: string }, now: Date, err: unknown) {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
  const giveUp = run.attempts >= MAX_ATTEMPTS
  const wakeAt = new Date(now.getTime() + Math.min(2 ** run.attempts, 600) * 1000)
  await inWriteTx(function* () {
    yield* exec(
      kysely()
        .updateTable('FlowRun')
        .set(
          giveUp
            ? {
                status: 'failed',
                exitReason: `error: ${message}`.slice(0, 500),
                lockedBy: null,
                leaseUntil: null,
                finishedAt: now,
                updatedAt: now,
                wakeAt: null,
              }
            : { lockedBy: null, leaseUntil: null, wakeAt, updatedAt: now },
        )
        .where('id', '=', run.id)
        .where('lockedBy', '=', o.workerId),
    )
    if (!giveUp) yield* wakeAtOps(wakeAt, now)
  })
}

const versionKey = (r: ClaimedRun) => `${r.companyId}:${r.flowId}:${r.version}`

/** A round's work: groups of runs at the same action (batched when more than one), in claim order. */
function groupsOf(going: Member[], o: Resolved): Member[][] {
  const groups = new Map<string, Member[]>()
  for (const m of going) {
    const key = `${versionKey(m.run)}:${m.run.currentActionId ?? ''}:${m.steps > 0}:${m.steps + 1 < o.maxStepsPerClaim}`
    const g = groups.get(key)
    if (g) g.push(m)
    else groups.set(key, [m])
  }
  return [...groups.values()]
}

interface RoundEnv {
  o: Resolved
  now: Date
  flows: Map<string, FlowInfo>
  versions: Map<string, VersionDef | null>
  holdouts: Map<string, FlowHoldout | null>
}

/** One step of one run (the single path). */
function* oneStepOps(m: Member, r: RoundEnv): Ops<Outcome> {
  const version = r.versions.get(versionKey(m.run)) ?? null
  if (!version) {
    yield* moveRunOps(m.run, r.o.workerId, r.now, {
      status: 'exited',
      currentActionId: null,
      wakeAt: null,
      exitReason: 'version_missing',
      finished: true,
    })
    return { continue: false, steps: 0 }
  }
  return yield* stepOps({
    run: m.run,
    flow: r.flows.get(m.run.flowId) ?? GONE_FLOW,
    version,
    workerId: r.o.workerId,
    now: r.now,
    keepLease: m.steps + 1 < r.o.maxStepsPerClaim,
    fresh: m.steps > 0,
  })
}

/** One step of every run of a group, as a set (throws when any of it fails: the caller steps them one by one). */
function groupStepOps(group: Member[], r: RoundEnv): Ops<Outcome[]> {
  const m = group[0]!
  return batchStepOps(
    group.map((g) => ({ run: g.run, fresh: g.steps > 0 })),
    {
      flow: r.flows.get(m.run.flowId) ?? GONE_FLOW,
      version: r.versions.get(versionKey(m.run))!,
      workerId: r.o.workerId,
      now: r.now,
      keepLease: m.steps + 1 < r.o.maxStepsPerClaim,
      holdout: r.holdouts.get(`${m.run.companyId}:${m.run.flowId}`),
    },
  )
}

const batchable = (group: Member[], r: RoundEnv) => group.length > 1 && !!r.versions.get(versionKey(group[0]!.run))

/** SQLite: the whole round in one write transaction (one commit per round), each group or run in a savepoint. */
async function roundSqlite(groups: Member[][], r: RoundEnv): Promise<Map<Member, R>> {
  return inWriteTx(function* () {
    const results = new Map<Member, R>()
    for (const group of groups) {
      if (batchable(group, r)) {
        const outs = yield* savepoint(
          () => groupStepOps(group, r),
          () => null,
        )
        if (outs) {
          group.forEach((m, i) => results.set(m, { ok: outs[i]!, batched: true }))
          continue
        }
      }
      for (const m of group)
        results.set(
          m,
          yield* savepoint<R, R>(
            function* () {
              return { ok: yield* oneStepOps(m, r) }
            },
            (error) => ({ error }),
          ),
        )
    }
    return results
  })
}

/** Runs per transaction a PostgreSQL group of a set-based action is split into at least (fewer, larger statements beat more lanes). */
const MIN_CHUNK = 100

/** PostgreSQL: groups (split in up to `concurrency` chunks) and lone runs, each in its own transaction, `concurrency` at once. */
async function roundPostgres(groups: Member[][], r: RoundEnv): Promise<Map<Member, R>> {
  const units: Member[][] = []
  for (const group of groups) {
    if (!batchable(group, r)) {
      for (const m of group) units.push([m])
      continue
    }
    // A set-based executor (sends) gains from large chunks; one that runs per run is round trips
    // one after another, so its group is spread over all the lanes.
    const action = r.versions.get(versionKey(group[0]!.run))?.actions.get(group[0]!.run.currentActionId ?? '')
    const min = action && batchExecutorFor(action.type) ? MIN_CHUNK : 2
    const size = Math.ceil(group.length / Math.min(r.o.concurrency, Math.ceil(group.length / min)))
    for (let i = 0; i < group.length; i += size) units.push(group.slice(i, i + size))
  }
  const results = new Map<Member, R>()
  let next = 0
  const lane = async () => {
    while (next < units.length) {
      const unit = units[next++]!
      if (batchable(unit, r)) {
        try {
          const outs = await inWriteTx(() => groupStepOps(unit, r))
          unit.forEach((m, i) => results.set(m, { ok: outs[i]!, batched: true }))
          continue
        } catch {
          /* step them one by one */
        }
      }
      for (const m of unit) {
        try {
          results.set(m, { ok: await inWriteTx(() => oneStepOps(m, r)) })
        } catch (error) {
          results.set(m, { error })
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(r.o.concurrency, units.length) }, lane))
  return results
}

/** Advances a claimed batch round by round until every run has stopped for this claim. */
async function advanceClaimed(
  runs: ClaimedRun[],
  flows: Map<string, FlowInfo>,
  o: Resolved,
  stats: AdvanceStats,
  sleeps: Date[],
) {
  let going: Member[] = runs.map((run) => ({ run, steps: 0 }))
  const versions = new Map<string, VersionDef | null>()
  // A flow's holdout, read once per claim for the runs at its entry action (not once per chunk).
  const holdouts = new Map<string, FlowHoldout | null>()
  while (going.length) {
    const now = o.now()
    for (const g of going) {
      const key = versionKey(g.run)
      if (!versions.has(key)) versions.set(key, await read(versionOps(g.run.companyId, g.run.flowId, g.run.version)))
      const flowKey = `${g.run.companyId}:${g.run.flowId}`
      if (
        !holdouts.has(flowKey) &&
        g.run.currentActionId != null &&
        g.run.currentActionId === versions.get(key)?.def.entry_action_id
      ) {
        holdouts.set(flowKey, await read(flowHoldoutOps(g.run.companyId, g.run.flowId)))
      }
    }
    const round: RoundEnv = { o, now, flows, versions, holdouts }
    const groups = groupsOf(going, o)
    const results = dbEngine() === 'sqlite' ? await roundSqlite(groups, round) : await roundPostgres(groups, round)
    const next: Member[] = []
    for (const g of going) {
      const r = results.get(g)!
      if ('error' in r) {
        if (r.error instanceof LeaseLost) continue
        stats.failed++
        await releaseAfterError(g.run, o, now, r.error).catch(() => {})
        continue
      }
      g.steps++
      stats.steps += r.ok.steps
      if (r.batched) stats.batched += r.ok.steps
      if (r.ok.sleepUntil) sleeps.push(r.ok.sleepUntil)
      if (r.ok.continue && r.ok.next != null) {
        g.run.currentActionId = r.ok.next
        next.push(g)
      }
    }
    going = next
  }
}

/**
 * Runs claimed at once on PostgreSQL (SQLite: 200). Its rounds run a set-based action's group in
 * chunks of at least MIN_CHUNK on up to `concurrency` connections at once, so a larger claim keeps
 * them busy: a claim of 200 was two chunks, one core's worth of the server. A price drop reaching
 * 50,000 viewers: 13.3 s with 200 runs a claim and 8 lanes; 8.7–9.9 s with 1,000 and 4 lanes.
 */
const PG_CLAIM = 1000
/** Transactions a PostgreSQL round runs at once. */
const PG_LANES = 2
/**
 * Claim loops a PostgreSQL drain runs at once (SKIP LOCKED keeps their claims apart). With one
 * loop, each claim waited for the slowest chunk of the round before it, and the server sat at one
 * busy backend during the claim itself; two loops of two lanes (the same four connections as one
 * loop of four) overlap one loop's claim with the other's round. The same price drop, on the same
 * machine: 7.6–8.5 s with one loop of 4 lanes, 7.4–7.5 s with two loops of 2.
 */
const PG_CLAIMERS = 2

/** Claims one batch of due runs and advances each; returns what it did. */
export async function advanceDueRuns(opts: AdvanceOptions = {}): Promise<AdvanceStats & { sleeps: Date[] }> {
  const o: Resolved = {
    now: opts.now ?? queueNow,
    workerId: opts.workerId ?? defaultWorker(),
    batchSize: opts.batchSize ?? (dbEngine() === 'postgresql' ? PG_CLAIM : 200),
    maxStepsPerClaim: opts.maxStepsPerClaim ?? 25,
    leaseMs: opts.leaseMs ?? 60_000,
    concurrency: Math.max(1, opts.concurrency ?? PG_LANES),
  }
  const stats: AdvanceStats = { claimed: 0, steps: 0, failed: 0, batched: 0 }
  const sleeps: Date[] = []
  const now = o.now()
  const runs = await inWriteTx(() =>
    claimOps({ workerId: o.workerId, now, leaseUntil: new Date(now.getTime() + o.leaseMs), limit: o.batchSize }),
  )
  stats.claimed = runs.length
  if (!runs.length) return { ...stats, sleeps }
  const flows = await read(flowInfoOps([...new Set(runs.map((r) => r.flowId))]))
  await advanceClaimed(runs, flows, o, stats, sleeps)
  return { ...stats, sleeps }
}

/** When the next run is due (a future wakeAt, or a lease that ends), for the next wake-up job. */
export function* nextWakeOps(now: Date): Ops<Date | null> {
  const future = yield* selectFirst(
    kysely()
      .selectFrom('FlowRun')
      .select('wakeAt')
      .where('status', '=', 'active')
      .where('wakeAt', '>', now)
      .orderBy('wakeAt')
      .limit(1),
  )
  const due = yield* selectFirst(
    kysely()
      .selectFrom('FlowRun')
      .select([(eb) => eb.fn.min('leaseUntil').as('lease'), (eb) => eb.fn.countAll().as('n')])
      .where('status', '=', 'active')
      .where('wakeAt', '<=', now),
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
  const total: AdvanceStats & { batches: number } = { claimed: 0, steps: 0, failed: 0, batched: 0, batches: 0 }
  let more = false
  let failed = false
  const loop = async () => {
    for (; !failed;) {
      const r = await advanceDueRuns(opts).catch((e) => {
        failed = true // the other loop stops after its claim: the error ends the drain, as with one loop
        throw e
      })
      if (!r.claimed) break
      total.claimed += r.claimed
      total.steps += r.steps
      total.failed += r.failed
      total.batched += r.batched
      total.batches++
      if (Date.now() - started > (opts.budgetMs ?? 20_000)) {
        more = true
        break
      }
    }
  }
  const ended = await Promise.allSettled(Array.from({ length: dbEngine() === 'postgresql' ? PG_CLAIMERS : 1 }, loop))
  const error = ended.find((x) => x.status === 'rejected')
  if (error) throw error.reason
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
