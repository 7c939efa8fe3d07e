// The 'flows.code' job: runs one code step in the sandbox, outside any transaction, and hands
// the run back to the engine.
//
// Protocol with the engine (lib/flows/engine/actions/code.ts):
// 1. The step executes; without a FlowCodeResult for its stepKey the executor writes one
//    ('pending') and this job (unique by stepKey) and answers 'wait': the engine writes the step
//    'waiting' and parks the run (status 'waiting'), as for a manual action.
// 2. This job runs the code and stores the result (ok with its output, or error with the
//    message), then resumes the run exactly as an approval does: step 'approved', run 'active'
//    with wakeAt now, and a 'flows.advance' job.
// 3. The engine executes the step again; the executor finds the result and applies it.
// A job that dies mid-run is retried by the queue: a stored result is never recomputed, and the
// resume only moves a run still waiting on this action.
// An account past its sandbox allowance (code-rate.ts) is deferred the same way: the job throws
// and the queue retries it with its backoff; on the last attempt the step gets an error result
// saying so, and the run goes on as after any failed code.
import { exec, inWriteTx, read, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { queueNow } from '@/lib/jobs/clock'
import { wakeWorkers } from '@/lib/jobs/queue'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { findProfileByOps } from '@/lib/profiles/profile-store'
import { personOf } from '@/lib/flows/webhook-action/template-context'
import type { FlowAction } from '@/lib/flows/definition'
import { codeConfigOf } from './code-config'
import { runSandboxedCode } from './run-code'
import { CODE_RATE_MESSAGE, codeRateLimiter, type CodeRateLimiter } from './code-rate'

export const FLOW_CODE_JOB = 'flows.code'
export const FLOW_CODE_MAX_ATTEMPTS = 5
/** The engine's job (lib/flows/engine/wake.ts FLOW_ADVANCE_JOB). */
const FLOW_ADVANCE_JOB = 'flows.advance'

export interface FlowCodePayload {
  companyId: number
  stepKey: string
}

/** In the step's transaction: the pending result row and its job (nothing if the row exists). */
export function* queueCodeRunOps(
  i: { companyId: number; flowId: string; actionId: string; runId: string; stepKey: string },
  now: Date,
): Ops<void> {
  const rows = yield* exec(
    kysely()
      .insertInto('FlowCodeResult')
      .values({
        stepKey: i.stepKey,
        companyId: i.companyId,
        flowId: i.flowId,
        actionId: i.actionId,
        runId: i.runId,
        status: 'pending',
        createdAt: now,
      })
      .onConflict((oc) => oc.column('stepKey').doNothing()),
  )
  if (rows === 0) return
  const payload: FlowCodePayload = { companyId: i.companyId, stepKey: i.stepKey }
  yield* enqueueJobOps(
    FLOW_CODE_JOB,
    payload,
    { companyId: i.companyId, maxAttempts: FLOW_CODE_MAX_ATTEMPTS, idempotencyKey: `${FLOW_CODE_JOB}:${i.stepKey}` },
    now,
  )
}

export interface CodeResultRow {
  status: string
  output: unknown
  error: string | null
  durationMs: number | null
}

export function* codeResultOps(companyId: number, stepKey: string): Ops<CodeResultRow | null> {
  const r = yield* selectFirst(
    kysely()
      .selectFrom('FlowCodeResult')
      .select(['status', 'output', 'error', 'durationMs'])
      .where('companyId', '=', companyId)
      .where('stepKey', '=', stepKey),
  )
  if (!r) return null
  return {
    status: r.status,
    output: r.output ? JSON.parse(r.output) : null,
    error: r.error,
    durationMs: r.durationMs == null ? null : Number(r.durationMs),
  }
}

/** Puts a run parked on this action back to work, as an approval does. */
function* resumeRunOps(companyId: number, runId: string, actionId: string, now: Date): Ops<boolean> {
  const db = kysely()
  yield* exec(
    db
      .updateTable('FlowStep')
      .set({ status: 'approved', updatedAt: now })
      .where('companyId', '=', companyId)
      .where('runId', '=', runId)
      .where('actionId', '=', actionId)
      .where('status', '=', 'waiting'),
  )
  const moved = yield* exec(
    db
      .updateTable('FlowRun')
      .set({ status: 'active', wakeAt: now, updatedAt: now })
      .where('companyId', '=', companyId)
      .where('id', '=', runId)
      .where('status', '=', 'waiting')
      .where('currentActionId', '=', actionId),
  )
  if (moved) yield* enqueueJobOps(FLOW_ADVANCE_JOB, {}, { maxAttempts: 1000 }, now)
  return moved > 0
}

/** Thrown to have the queue try the step again later: the account is past its sandbox allowance. */
export class CodeRateDeferred extends Error {
  constructor(readonly waitMs: number) {
    super(`${CODE_RATE_MESSAGE} (deferred ${waitMs} ms)`)
    this.name = 'CodeRateDeferred'
  }
}

/** Runs the step's code (unless a result is stored) and resumes the run. */
export async function runCodeStep(
  p: FlowCodePayload,
  opts: { attempt?: number; limiter?: CodeRateLimiter } = {},
): Promise<'ran' | 'already' | 'missing' | 'refused'> {
  const db = kysely()
  const limiter = opts.limiter ?? codeRateLimiter
  const row = await read(
    selectFirst(
      db.selectFrom('FlowCodeResult').selectAll().where('companyId', '=', p.companyId).where('stepKey', '=', p.stepKey),
    ),
  )
  if (!row) return 'missing'
  let outcome: 'ran' | 'already' | 'refused' = 'already'
  if (row.status === 'pending') {
    const waitMs = limiter.waitMs(p.companyId)
    if (waitMs > 0 && (opts.attempt ?? 1) < FLOW_CODE_MAX_ATTEMPTS) throw new CodeRateDeferred(waitMs)
    const input = waitMs > 0 ? null : await read(codeInputOps(p.companyId, row.runId, row.actionId))
    const result =
      waitMs > 0
        ? {
            ok: false as const,
            kind: 'error' as const,
            error: `The code was not run: ${CODE_RATE_MESSAGE}`,
            durationMs: 0,
          }
        : input
          ? await runSandboxedCode(input.source, input.input, { account: p.companyId })
          : {
              ok: false as const,
              kind: 'error' as const,
              error: 'The run or its code action no longer exists.',
              durationMs: 0,
            }
    limiter.charge(p.companyId, result.durationMs)
    const now = queueNow()
    await inWriteTx(() =>
      exec(
        db
          .updateTable('FlowCodeResult')
          .set(
            result.ok
              ? {
                  status: 'ok',
                  output: JSON.stringify(result.output ?? null),
                  error: null,
                  durationMs: result.durationMs,
                  finishedAt: now,
                }
              : { status: 'error', output: null, error: result.error, durationMs: result.durationMs, finishedAt: now },
          )
          .where('stepKey', '=', p.stepKey)
          .where('status', '=', 'pending'),
      ),
    )
    outcome = waitMs > 0 ? 'refused' : 'ran'
  }
  const resumed = await inWriteTx(() => resumeRunOps(p.companyId, row.runId, row.actionId, queueNow()))
  if (resumed) wakeWorkers(FLOW_ADVANCE_JOB)
  return outcome
}

/** The source of the action in the run's version and the JSON the code gets. */
function* codeInputOps(
  companyId: number,
  runId: string,
  actionId: string,
): Ops<{ source: string; input: unknown } | null> {
  const db = kysely()
  const run = yield* selectFirst(
    db
      .selectFrom('FlowRun')
      .select(['flowId', 'version', 'profileId', 'triggerEvent'])
      .where('companyId', '=', companyId)
      .where('id', '=', runId),
  )
  if (!run) return null
  const v = yield* selectFirst(
    db
      .selectFrom('FlowVersion')
      .select('definition')
      .where('companyId', '=', companyId)
      .where('flowId', '=', run.flowId)
      .where('version', '=', run.version),
  )
  const action = v
    ? (JSON.parse(v.definition) as { actions: FlowAction[] }).actions.find((a) => String(a.id) === actionId)
    : undefined
  if (!action) return null
  const flow = yield* selectFirst(
    db.selectFrom('Flow').select('name').where('companyId', '=', companyId).where('id', '=', run.flowId),
  )
  const profile = yield* findProfileByOps(companyId, 'id', run.profileId)
  const trigger = run.triggerEvent
    ? (JSON.parse(run.triggerEvent) as {
        properties?: Record<string, unknown>
        metric?: string | null
        value?: number | null
        time?: string
      })
    : null
  const event = trigger
    ? {
        ...(trigger.properties ?? {}),
        $metric: trigger.metric ?? null,
        $value: trigger.value ?? null,
        $time: trigger.time ?? null,
      }
    : {}
  return {
    source: codeConfigOf(action).sourceCode,
    input: { profile: personOf(profile), event, flow: { id: run.flowId, name: flow?.name ?? null } },
  }
}
