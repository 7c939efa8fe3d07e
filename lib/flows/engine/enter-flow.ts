// Entering a flow: one FlowRun row (the profile's durable journey) at the flow's current version
// and entry action, due at once, plus the 'flows.advance' wake-up job, in the caller's
// transaction. The unique (flowId, profileId, entryKey) makes the same trigger enter only once;
// reentry_criteria decides whether another trigger may start another run:
//   null                      re-entry allowed (the entry key still refuses the same trigger twice)
//   { alltime, 1 }            never again once the profile has had a run of this flow
//   { alltime, 0 }            re-entry allowed
//   { N, hour | day | week }  not while a run of this flow for this profile was created within N units
// Only live (2) and manual (1) flows take entries; manual flows run with every status-bearing
// action waiting for approval (advance-runs.ts).
import { exec, inWriteTx, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toBool } from '@/lib/db/dialect'
import { ulid } from '@/lib/ids/make-id'
import { FLOW_STATUS } from '@/lib/flows/store'
import type { FlowDefinition, ReentryCriteria } from '@/lib/flows/definition'
import type { TriggerEvent } from './types'
import { prepareFlowJobs, wakeFlowWorkers, wakeNowOps } from './wake'

export interface EnterFlowInput {
  companyId: number
  flowId: string
  profileId: string
  /** Unique per flow and profile (see FlowRun.entryKey). */
  entryKey: string
  triggerKind: string
  triggerEvent?: TriggerEvent | null
  now: Date
}

const UNIT_MS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 } as const

/** The earliest creation time of a previous run that blocks a new one; 'never' / null per the criteria. */
export function reentryCutoff(criteria: ReentryCriteria | null | undefined, now: Date): Date | 'ever' | null {
  if (!criteria) return null
  if (criteria.unit === 'alltime') return criteria.duration >= 1 ? 'ever' : null
  if (!(criteria.duration > 0)) return null
  return new Date(now.getTime() - criteria.duration * UNIT_MS[criteria.unit])
}

/** Starts a run (returns its id), or null: flow not live/manual, profile unknown, re-entry refused, or this entry key seen before. */
export function* enterFlowOps(input: EnterFlowInput): Ops<{ runId: string } | null> {
  const db = kysely()
  const flow = yield* selectFirst(
    db
      .selectFrom('Flow')
      .select(['status', 'archived', 'currentVersion'])
      .where('companyId', '=', input.companyId)
      .where('id', '=', input.flowId),
  )
  if (!flow || toBool(flow.archived)) return null
  if (flow.status !== FLOW_STATUS.live && flow.status !== FLOW_STATUS.manual) return null
  const version = yield* selectFirst(
    db
      .selectFrom('FlowVersion')
      .select('definition')
      .where('companyId', '=', input.companyId)
      .where('flowId', '=', input.flowId)
      .where('version', '=', flow.currentVersion),
  )
  if (!version) return null
  const def = JSON.parse(version.definition) as FlowDefinition
  if (!def.entry_action_id) return null
  const profile = yield* selectFirst(
    db.selectFrom('Profile').select('id').where('companyId', '=', input.companyId).where('id', '=', input.profileId),
  )
  if (!profile) return null

  const cutoff = reentryCutoff(def.reentry_criteria, input.now)
  if (cutoff) {
    let q = db
      .selectFrom('FlowRun')
      .select('id')
      .where('companyId', '=', input.companyId)
      .where('profileId', '=', input.profileId)
      .where('flowId', '=', input.flowId)
    if (cutoff !== 'ever') q = q.where('createdAt', '>', cutoff)
    if (yield* selectFirst(q.limit(1))) return null
  }

  const runId = ulid(input.now.getTime())
  const inserted = yield* exec(
    db
      .insertInto('FlowRun')
      .values({
        id: runId,
        companyId: input.companyId,
        flowId: input.flowId,
        version: flow.currentVersion,
        profileId: input.profileId,
        entryKey: input.entryKey,
        triggerKind: input.triggerKind,
        status: 'active',
        currentActionId: def.entry_action_id,
        wakeAt: input.now,
        triggerEvent: input.triggerEvent ? JSON.stringify(input.triggerEvent) : null,
        stepCount: 0,
        attempts: 0,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflict((oc) => oc.columns(['flowId', 'profileId', 'entryKey']).doNothing()),
  )
  if (!inserted) return null
  yield* wakeNowOps(input.now)
  return { runId }
}

/** enterFlowOps in its own transaction, then wakes the workers. */
export async function enterFlow(input: EnterFlowInput): Promise<{ runId: string } | null> {
  await prepareFlowJobs()
  const out = await inWriteTx(() => enterFlowOps(input))
  if (out) wakeFlowWorkers()
  return out
}

export { wakeFlowWorkers, prepareFlowJobs }
