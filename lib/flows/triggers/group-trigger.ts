// List and segment triggers: entering a group (lib/segments/apply-membership.ts enterGroupOps,
// which list adds, imports, API subscriptions, merges and segment recomputes all go through)
// enters the live and manual flows that group triggers, in the same transaction. Set-based: one
// INSERT … SELECT per flow from the entered ids (bound as ONE JSON array), so a 40,000-profile
// segment recompute adds one statement per triggered flow and page, and a group that triggers no
// flow costs one indexed lookup. Same rules as enterFlowOps (lib/flows/engine/enter-flow.ts):
// the flow's current version and entry action, reentry_criteria, the unique (flow, profile,
// entry key) refusing the same entry twice, and the 'flows.advance' wake-up job.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { jsonArrayElements, typedParam } from '@/lib/db/dialect'
import { exec, savepoint, type Ops } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { reentryCutoff, wakeFlowWorkers } from '@/lib/flows/engine/enter-flow'
import { wakeNowOps } from '@/lib/flows/engine/wake'
import type { TriggerEvent } from '@/lib/flows/engine/types'
import type { GroupEntryConsumer } from '@/lib/segments/group-entry-consumers'
import { flowsTriggeredByOps, flowVersionDefinitionOps, type TriggeredFlow } from './flow-lookup'

const ULID_LENGTH = 26

export interface SetEntry {
  companyId: number
  flow: Pick<TriggeredFlow, 'flowId' | 'version'>
  profileIds: string[]
  entryKey: string
  triggerKind: string
  /** The entry time: the run's createdAt and first wake-up. */
  at: Date
  /** Only profiles of the company count (ids from elsewhere, e.g. a catalog hook, are checked). */
  checkProfiles?: boolean
  /** Stored as every run's trigger event (catalog hooks: the item and prices). */
  triggerEvent?: TriggerEvent | null
}

/**
 * Enters many profiles into one flow with one statement; returns how many runs were created.
 * Profiles that re-entry refuses, or that already have this entry key, are left out.
 */
export function* enterFlowSetOps(input: SetEntry): Ops<number> {
  const { companyId, flow, profileIds, entryKey, triggerKind, at } = input
  const ids = [...new Set(profileIds)]
  if (!ids.length) return 0
  const def = yield* flowVersionDefinitionOps(companyId, flow.flowId, flow.version)
  if (!def?.entry_action_id) return 0
  const k = kysely()
  // Each element: a new run id (26 characters) followed by the profile id.
  const base = at.getTime()
  const packed = JSON.stringify(ids.map((id) => ulid(base) + id))
  const profileOf = sql<string>`substr(e.value, ${ULID_LENGTH + 1})`
  const runOf = sql<string>`substr(e.value, 1, ${ULID_LENGTH})`
  const cutoff = reentryCutoff(def.reentry_criteria, at)
  let q = k
    .selectFrom(jsonArrayElements(sql.val(packed), 'e'))
    .select([
      runOf.as('id'),
      typedParam(companyId, 'integer').as('companyId'),
      typedParam(flow.flowId, 'text').as('flowId'),
      typedParam(flow.version, 'integer').as('version'),
      profileOf.as('profileId'),
      typedParam(entryKey, 'text').as('entryKey'),
      typedParam(triggerKind, 'text').as('triggerKind'),
      typedParam('active', 'text').as('status'),
      typedParam(def.entry_action_id, 'text').as('currentActionId'),
      typedParam(at, 'timestamp(3)').as('wakeAt'),
      typedParam(0, 'integer').as('stepCount'),
      typedParam(0, 'integer').as('attempts'),
      typedParam(at, 'timestamp(3)').as('createdAt'),
      typedParam(at, 'timestamp(3)').as('updatedAt'),
      typedParam(input.triggerEvent ? JSON.stringify(input.triggerEvent) : null, 'text').as('triggerEvent'),
    ])
    .where(sql<boolean>`1 = 1`)
  if (cutoff) {
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          (() => {
            let prior = selectFrom('FlowRun as r')
              .select(sql`1`.as('one'))
              .where('r.companyId', '=', companyId)
              .where('r.flowId', '=', flow.flowId)
              .where('r.profileId', '=', profileOf)
            if (cutoff !== 'ever') prior = prior.where('r.createdAt', '>', cutoff)
            return prior
          })(),
        ),
      ),
    )
  }
  if (input.checkProfiles) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('Profile as p')
          .select(sql`1`.as('one'))
          .where('p.companyId', '=', companyId)
          .where('p.id', '=', profileOf),
      ),
    )
  }
  const n = yield* exec(
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
  if (n > 0) yield* wakeNowOps(at)
  return n
}

/** The flows that group triggers (as a list or a segment), live or manual. */
export function* flowsOfGroupOps(companyId: number, groupId: string): Ops<TriggeredFlow[]> {
  return yield* flowsTriggeredByOps(companyId, ['list', 'segment'], [groupId])
}

/** Enters `ids` (who just entered the group at `at`) into the flows it triggers. */
export function* enterFlowsForGroupOps(
  companyId: number,
  groupId: string,
  ids: string[],
  at: Date,
  flows?: TriggeredFlow[],
): Ops<number> {
  if (!ids.length) return 0
  let entered = 0
  for (const f of flows ?? (yield* flowsOfGroupOps(companyId, groupId))) {
    entered += yield* enterFlowSetOps({
      companyId,
      flow: f,
      profileIds: ids,
      entryKey: `group:${groupId}:${at.getTime()}`,
      triggerKind: f.kind,
      at,
    })
  }
  return entered
}

/**
 * The membership hook (one call in enterGroupOps, in its transaction). A failure is logged and
 * undone alone (a savepoint): a broken flow never stops a list add or a segment recompute.
 */
export function* enterFlowsForGroupEntryOps(companyId: number, groupId: string, ids: string[], at: Date): Ops<void> {
  if (!ids.length) return
  const flows = yield* flowsOfGroupOps(companyId, groupId)
  if (!flows.length) return
  const entered = yield* savepoint(
    () => enterFlowsForGroupOps(companyId, groupId, ids, at, flows),
    (e) => {
      console.error(
        `[flows] list/segment trigger failed for group ${groupId}; the membership is kept without entering flows:`,
        e,
      )
      return 0
    },
  )
  if (entered > 0) setImmediate(wakeFlowWorkers)
}

/** List and segment triggers as a consumer of group entries (registered by lib/server/consumers.ts). */
export const flowGroupTriggersConsumer: GroupEntryConsumer = {
  name: 'flow list and segment triggers',
  entered: enterFlowsForGroupEntryOps,
}
