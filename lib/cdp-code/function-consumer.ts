// Events reach functions through ingest's batch consumers (lib/events/batch-consumers.ts): inside
// the ingest transaction, the cached list of which accounts have functions for which metrics
// (./function-cache.ts) answers most batches with no query; otherwise ONE indexed query finds the enabled functions of the batch's
// companies and metrics whose account has accepted the consent (none: nothing else is done), then
// each (function, event) pair gets a pending invocation row (unique per function and event) and
// a cdp.function job keyed by it, so an event runs a function exactly once even when a batch is
// ingested again after a crash. Historical backfills and $skip_flows events run nothing, as for
// flow triggers.
import { kysely } from '@/lib/db/kysely'
import { exec, select, type Ops } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { queueNow } from '@/lib/jobs/clock'
import { wakeWorkers } from '@/lib/jobs/queue'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import type { BatchConsumer } from '@/lib/events/batch-consumers'
import { ingestedEvents } from '@/lib/events/ingested-events'
import type { GroupOutcome, IngestGroup } from '@/lib/events/types'
import { triggersFlows } from '@/lib/flows/triggers/event-trigger'
import { mayRunFunctionsOps } from './function-cache'
import { FUNCTION_JOB, FUNCTION_MAX_ATTEMPTS, type FunctionJobPayload } from './function-job-types'

export function* queueFunctionRunsOps(groups: IngestGroup[], outcomes: GroupOutcome[]): Ops<void> {
  const now = queueNow()
  const events = ingestedEvents(groups, outcomes).filter((e) => triggersFlows(e, now))
  if (!events.length) return
  if (!(yield* mayRunFunctionsOps(events))) return
  const functions = yield* select(
    kysely()
      .selectFrom('CodeFunction as f')
      .innerJoin('CodeAuthorization as a', 'a.companyId', 'f.companyId')
      .select(['f.id', 'f.companyId', 'f.triggerMetric'])
      .where('f.companyId', 'in', [...new Set(events.map((e) => e.companyId))])
      .where('f.triggerMetric', 'in', [...new Set(events.map((e) => e.metric))])
      .where('f.enabled', '=', true),
  )
  if (!functions.length) return
  let queued = false
  for (const f of functions) {
    for (const e of events) {
      if (e.companyId !== f.companyId || e.metric !== f.triggerMetric) continue
      const id = ulid()
      const inserted = yield* exec(
        kysely()
          .insertInto('CodeFunctionInvocation')
          .values({
            id,
            companyId: f.companyId,
            functionId: f.id,
            eventId: e.eventId,
            status: 'pending',
            createdAt: now,
          })
          .onConflict((oc) => oc.columns(['functionId', 'eventId']).doNothing()),
      )
      if (!inserted) continue
      const payload: FunctionJobPayload = { companyId: f.companyId, invocationId: id }
      yield* enqueueJobOps(
        FUNCTION_JOB,
        payload,
        { companyId: f.companyId, maxAttempts: FUNCTION_MAX_ATTEMPTS, idempotencyKey: `${FUNCTION_JOB}:${id}` },
        now,
      )
      queued = true
    }
  }
  if (queued) pendingWake.value = true
}

/** Set in the transaction, read after the commit: the workers are woken only when something was queued. */
const pendingWake = { value: false }

export const functionsBatchConsumer: BatchConsumer = {
  name: 'cdp-code functions',
  inTransaction: queueFunctionRunsOps,
  afterCommit: async () => {
    if (!pendingWake.value) return
    pendingWake.value = false
    wakeWorkers(FUNCTION_JOB)
  },
}
