// Metric triggers, acted on in the worker that ingests the event: called once per ingested
// batch, inside the batch's write transaction (a batch consumer of lib/events), so a run exists if
// and only if its event does. Per company in the batch: one indexed query for the live or manual
// flows that the batch's metrics trigger (none: nothing more is done, so ingestion without flows
// pays one small query per batch); then, per new event of such a metric, the trigger's
// trigger_filter on the event's properties, and the runs entered with one INSERT … SELECT per
// flow and one wake-up per batch, by enterFlowOps' rules, with the entry key event:<eventId>
// (unique per flow and profile: the same event ingested twice enters once). The profile filter
// is the engine's (re-checked at every step). Historical events (a backfill: the event time more
// than an hour before it was accepted) and events with the property $skip_flows do not trigger.
import { sql } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { typedParam } from '@/lib/db/dialect'
import { exec, savepoint, type Ops } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { queueNow } from '@/lib/jobs/clock'
import { reentryCutoff, wakeFlowWorkers } from '@/lib/flows/engine/enter-flow'
import { wakeNowOps } from '@/lib/flows/engine/wake'
import type { TriggerEvent } from '@/lib/flows/engine/types'
import type { GroupOutcome, IngestGroup, IngestedEvent } from '@/lib/events/types'
import type { BatchConsumer } from '@/lib/events/batch-consumers'
import { ingestedEvents } from '@/lib/events/ingested-events'
import { flowsTriggeredByOps, flowVersionDefinitionOps, triggerOfType } from './flow-lookup'
import { matchesTriggerFilter, type TriggerFilter } from './trigger-filter'

/** An event whose time is this much older than its acceptance is historical and triggers nothing. */
export const HISTORICAL_MS = 60 * 60 * 1000

/** True when the event may trigger flows (not historical, not marked $skip_flows). */
export function triggersFlows(e: Pick<IngestedEvent, 'properties' | 'ts' | 'acceptedAt'>, now: Date): boolean {
  const skip = e.properties?.$skip_flows
  if (skip === true || skip === 'true' || skip === 1 || skip === '1') return false
  const received = e.acceptedAt > 0 ? e.acceptedAt : now.getTime()
  return e.ts * 1000 >= received - HISTORICAL_MS
}

export const eventTriggerOf = (e: IngestedEvent): TriggerEvent => ({
  id: e.eventId,
  metricId: e.metricId,
  metric: e.metric,
  properties: e.properties,
  time: new Date(e.ts * 1000).toISOString(),
  value: e.value,
})

interface PlannedEntry {
  companyId: number
  flowId: string
  version: number
  event: IngestedEvent
}

/** The (flow, event) pairs to enter: trigger metric and trigger_filter matched. */
export function* planEventEntriesOps(events: readonly IngestedEvent[], now: Date): Ops<PlannedEntry[]> {
  const byCompany = new Map<number, IngestedEvent[]>()
  for (const e of events) {
    if (!triggersFlows(e, now)) continue
    const list = byCompany.get(e.companyId) ?? []
    list.push(e)
    byCompany.set(e.companyId, list)
  }
  const planned: PlannedEntry[] = []
  for (const [companyId, list] of byCompany) {
    const flows = yield* flowsTriggeredByOps(companyId, 'metric', [...new Set(list.map((e) => e.metricId))])
    for (const f of flows) {
      const def = yield* flowVersionDefinitionOps(companyId, f.flowId, f.version)
      const trigger = triggerOfType<{ type: 'metric'; trigger_filter?: TriggerFilter }>(def, 'metric', f.targetId)
      if (!def || !trigger) continue
      for (const e of list) {
        if (e.metricId === f.targetId && matchesTriggerFilter(trigger.trigger_filter, e.properties, now))
          planned.push({ companyId, flowId: f.flowId, version: f.version, event: e })
      }
    }
  }
  return planned
}

/** Rows bound as ONE JSON array of arrays, read back as columns (the same SQL on both engines). */
function packedRows(rows: unknown[][]) {
  const json = JSON.stringify(rows)
  const pg = dbEngine() === 'postgresql'
  const from = (pg ? sql`jsonb_array_elements(cast(${json} as jsonb))` : sql`json_each(${json})`).as('e')
  const col = (i: number) =>
    pg ? sql<string>`(e.value ->> ${sql.lit(i)})` : sql<string>`json_extract(e.value, ${sql.lit(`$[${i}]`)})`
  return { from, col }
}

/**
 * Enters the planned (flow, event) pairs with one INSERT … SELECT per flow and one wake-up for
 * the batch: the same rules as enterFlowOps (the flow's current version and entry action, live or
 * manual — checked by the lookup in this transaction —, reentry_criteria, the unique entry key).
 */
function* enterPlannedOps(planned: PlannedEntry[], now: Date): Ops<number> {
  const byFlow = new Map<string, PlannedEntry[]>()
  for (const p of planned) byFlow.set(p.flowId, [...(byFlow.get(p.flowId) ?? []), p])
  const k = kysely()
  let entered = 0
  for (const [flowId, list] of byFlow) {
    const { companyId, version } = list[0]!
    const def = yield* flowVersionDefinitionOps(companyId, flowId, version)
    if (!def?.entry_action_id) continue
    const cutoff = reentryCutoff(def.reentry_criteria, now)
    // With re-entry limits, one event per profile per batch (rows of one statement cannot see each other).
    const seen = new Set<string>()
    const chosen = cutoff ? list.filter((p) => !seen.has(p.event.profileId) && seen.add(p.event.profileId)) : list
    const { from, col } = packedRows(
      chosen.map((p) => [
        ulid(now.getTime()),
        p.event.profileId,
        `event:${p.event.eventId}`,
        JSON.stringify(eventTriggerOf(p.event)),
      ]),
    )
    let q = k
      .selectFrom(from)
      .select([
        col(0).as('id'),
        typedParam(companyId, 'integer').as('companyId'),
        typedParam(flowId, 'text').as('flowId'),
        typedParam(version, 'integer').as('version'),
        col(1).as('profileId'),
        col(2).as('entryKey'),
        typedParam('metric', 'text').as('triggerKind'),
        typedParam('active', 'text').as('status'),
        typedParam(def.entry_action_id, 'text').as('currentActionId'),
        typedParam(now, 'timestamp(3)').as('wakeAt'),
        typedParam(0, 'integer').as('stepCount'),
        typedParam(0, 'integer').as('attempts'),
        typedParam(now, 'timestamp(3)').as('createdAt'),
        typedParam(now, 'timestamp(3)').as('updatedAt'),
        col(3).as('triggerEvent'),
      ])
      .where(sql<boolean>`1 = 1`)
    if (cutoff) {
      q = q.where(({ not, exists, selectFrom }) => {
        let prior = selectFrom('FlowRun as r')
          .select(sql`1`.as('one'))
          .where('r.companyId', '=', companyId)
          .where('r.flowId', '=', flowId)
          .where('r.profileId', '=', col(1))
        if (cutoff !== 'ever') prior = prior.where('r.createdAt', '>', cutoff)
        return not(exists(prior))
      })
    }
    entered += yield* exec(
      k
        .insertInto('FlowRun')
        .columns([
          'id',
          'companyId',
          'flowId',
          'version',
          'profileId',
          'entryKey',
          'triggerKind',
          'status',
          'currentActionId',
          'wakeAt',
          'stepCount',
          'attempts',
          'createdAt',
          'updatedAt',
          'triggerEvent',
        ])
        .expression(q)
        .onConflict((oc) => oc.columns(['flowId', 'profileId', 'entryKey']).doNothing()),
    )
  }
  if (entered > 0) yield* wakeNowOps(now)
  return entered
}

/**
 * The ingestion hook (a batch consumer run at the end of ingestBatchOps, in its transaction). A failure while
 * entering is logged and undone alone (a savepoint): a broken flow never stops events being stored.
 */
export function* enterFlowsForIngestedBatchOps(groups: IngestGroup[], outcomes: GroupOutcome[]): Ops<void> {
  const events = ingestedEvents(groups, outcomes)
  if (!events.length) return
  const now = queueNow()
  const planned = yield* planEventEntriesOps(events, now)
  if (!planned.length) return
  const entered = yield* savepoint(
    () => enterPlannedOps(planned, now),
    (e) => {
      console.error('[flows] metric trigger failed; the events are stored without entering flows:', e)
      return 0
    },
  )
  // After the commit (SQLite commits synchronously when the ops end; on PostgreSQL the job's
  // NOTIFY at commit wakes the workers too).
  if (entered > 0) setImmediate(wakeFlowWorkers)
}

/** Metric triggers as a consumer of ingested batches (registered by lib/server/consumers.ts). */
export const flowTriggersBatchConsumer: BatchConsumer = {
  name: 'flow metric triggers',
  inTransaction: enterFlowsForIngestedBatchOps,
}
