// Backpopulation (seed 002 §7.2, issue 9 §2): a task that enters the current members of the
// flow's trigger list or segment (useGroupAddTime: the run starts at the membership's enteredAt,
// so delays count from the add), or, for a metric trigger, the profiles of past trigger events
// within a window (the latest matching event of each profile becomes the run's trigger event).
// Runs in the 'flows.backfill' job, one keyset page per write transaction: the page's runs, the
// task's progress and its cursor commit together, so a worker that dies resumes where it stopped
// and nothing is entered twice. Entry key backfill:<taskId>; a profile already in the flow by the
// same membership (a run created since it entered the group) or by the same event is left out.
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { jsonArrayElements, toDate, typedParam } from '@/lib/db/dialect'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import { enqueue } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { enterFlowOps, prepareFlowJobs, reentryCutoff, wakeFlowWorkers } from '@/lib/flows/engine/enter-flow'
import { wakeNowOps } from '@/lib/flows/engine/wake'
import type { FlowDefinition } from '@/lib/flows/definition'
import { flowVersionDefinitionOps } from './flow-lookup'
import { matchesTriggerFilter, type TriggerFilter } from './trigger-filter'
import { eventTriggerOf } from './event-trigger'

export const FLOW_BACKFILL_JOB = 'flows.backfill'
export const BACKFILL_PAGE = 1000
/** Default window of past events for a metric trigger. */
export const DEFAULT_WINDOW_DAYS = 30
const ULID_LENGTH = 26

export interface BackfillTaskView {
  taskId: string
  flowId: string
  status: string
  triggerKind: string
  targetId: string
  useGroupAddTime: boolean
  total: number
  processed: number
  entered: number
  /** 0–100. */
  progress: number
  error: string | null
  notified: boolean
  createdAt: string
  finishedAt: string | null
}

type TaskRow = NonNullable<Awaited<ReturnType<typeof db.flowBackfillTask.findFirst>>>

export function taskView(t: TaskRow): BackfillTaskView {
  const progress =
    t.status === 'completed' ? 100 : t.total > 0 ? Math.min(99, Math.floor((t.processed / t.total) * 100)) : 0
  return {
    taskId: t.id,
    flowId: t.flowId,
    status: t.status,
    triggerKind: t.triggerKind,
    targetId: t.targetId,
    useGroupAddTime: t.useGroupAddTime,
    total: t.total,
    processed: t.processed,
    entered: t.entered,
    progress,
    error: t.error,
    notified: t.notifiedAt !== null,
    createdAt: t.createdAt.toISOString(),
    finishedAt: t.finishedAt?.toISOString() ?? null,
  }
}

/** The flow's backpopulatable trigger (the first list, segment or metric trigger), or null. */
export function backfillTarget(
  def: FlowDefinition | null,
): { kind: 'list' | 'segment' | 'metric'; id: string; filter: TriggerFilter } | null {
  for (const t of def?.triggers ?? []) {
    const id = (t as { id?: string | null }).id
    if ((t.type === 'list' || t.type === 'segment' || t.type === 'metric') && id) {
      return { kind: t.type, id, filter: (t as { trigger_filter?: TriggerFilter }).trigger_filter ?? null }
    }
  }
  return null
}

async function flowOrThrow(companyId: number, flowId: string) {
  const flow = await db.flow.findFirst({ where: { companyId, id: flowId } })
  if (!flow) throw notFound('Flow not found.')
  return flow
}

async function currentDefinition(companyId: number, flowId: string, version: number) {
  return read(flowVersionDefinitionOps(companyId, flowId, version))
}

/** What the backpopulate dialog shows before starting: the trigger, how many would be considered, the latest task. */
export async function backfillBootstrap(companyId: number, flowId: string) {
  const flow = await flowOrThrow(companyId, flowId)
  const target = backfillTarget(await currentDefinition(companyId, flowId, flow.currentVersion))
  let targetName: string | null = null
  let candidates = 0
  if (target && target.kind !== 'metric') {
    const g = await db.group.findFirst({ where: { companyId, id: target.id, deletedAt: null }, select: { name: true } })
    targetName = g?.name ?? null
    candidates = g ? await db.groupMembership.count({ where: { companyId, groupId: target.id, leftAt: null } }) : 0
  } else if (target) {
    const m = await db.metric.findFirst({ where: { companyId, id: target.id }, select: { name: true } })
    targetName = m?.name ?? null
    const since = Math.floor((queueNow().getTime() - DEFAULT_WINDOW_DAYS * 86_400_000) / 1000)
    candidates = m ? await db.event.count({ where: { companyId, metricId: target.id, ts: { gte: since } } }) : 0
  }
  const latest = await db.flowBackfillTask.findFirst({ where: { companyId, flowId }, orderBy: { id: 'desc' } })
  return {
    flowId,
    flowStatus: flow.status,
    canBackpopulate: target !== null && targetName !== null,
    trigger: target ? { type: target.kind, id: target.id, name: targetName } : null,
    candidates,
    defaultWindowDays: DEFAULT_WINDOW_DAYS,
    latestTask: latest ? taskView(latest) : null,
  }
}

export interface StartBackfillInput {
  useGroupAddTime?: boolean
  /** Metric triggers: the window of past events (default the last 30 days). */
  since?: Date | null
  until?: Date | null
  userId?: number | null
}

/** Creates the task and queues its job; 400 when the flow has nothing to backpopulate from. */
export async function startBackfill(
  companyId: number,
  flowId: string,
  input: StartBackfillInput = {},
): Promise<BackfillTaskView> {
  const flow = await flowOrThrow(companyId, flowId)
  const target = backfillTarget(await currentDefinition(companyId, flowId, flow.currentVersion))
  if (!target)
    throw badRequest('This flow has no list, segment or metric trigger to backpopulate from.', {
      trigger: ['Backpopulation needs a list, segment or metric trigger.'],
    })
  const now = queueNow()
  const since =
    target.kind === 'metric' ? (input.since ?? new Date(now.getTime() - DEFAULT_WINDOW_DAYS * 86_400_000)) : null
  const until = target.kind === 'metric' ? (input.until ?? now) : null
  if (since && until && since > until)
    throw badRequest('The window starts after it ends.', { since: ['Must be before until.'] })
  let total = 0
  if (target.kind === 'metric') {
    total = await db.event.count({
      where: {
        companyId,
        metricId: target.id,
        ts: { gte: Math.floor(since!.getTime() / 1000), lte: Math.floor(until!.getTime() / 1000) },
      },
    })
  } else {
    const g = await db.group.findFirst({ where: { companyId, id: target.id, deletedAt: null }, select: { id: true } })
    if (!g)
      throw badRequest('The trigger list or segment no longer exists.', {
        trigger: ['The list or segment was deleted.'],
      })
    total = await db.groupMembership.count({ where: { companyId, groupId: target.id, leftAt: null } })
  }
  const task = await db.flowBackfillTask.create({
    data: {
      id: ulid(now.getTime()),
      companyId,
      flowId,
      userId: input.userId ?? null,
      status: 'queued',
      triggerKind: target.kind,
      targetId: target.id,
      useGroupAddTime: Boolean(input.useGroupAddTime) && target.kind !== 'metric',
      since,
      until,
      total,
    },
  })
  await enqueue(
    FLOW_BACKFILL_JOB,
    { taskId: task.id },
    { companyId, idempotencyKey: `${FLOW_BACKFILL_JOB}:${task.id}` },
  )
  return taskView(task)
}

/** A task by id, or the flow's latest with 'latest'. */
export async function getBackfillTask(
  companyId: number,
  flowId: string,
  taskId = 'latest',
): Promise<BackfillTaskView | null> {
  await flowOrThrow(companyId, flowId)
  const t =
    taskId === 'latest'
      ? await db.flowBackfillTask.findFirst({ where: { companyId, flowId }, orderBy: { id: 'desc' } })
      : await db.flowBackfillTask.findFirst({ where: { companyId, flowId, id: taskId } })
  return t ? taskView(t) : null
}

/** Marks the finished task as shown to the user (the completion notice is shown once). */
export async function markBackfillNotified(
  companyId: number,
  flowId: string,
  taskId: string,
): Promise<BackfillTaskView> {
  await flowOrThrow(companyId, flowId)
  const t = await db.flowBackfillTask.findFirst({ where: { companyId, flowId, id: taskId } })
  if (!t) throw notFound('Backpopulation task not found.')
  if (t.notifiedAt || (t.status !== 'completed' && t.status !== 'failed')) return taskView(t)
  return taskView(await db.flowBackfillTask.update({ where: { id: t.id }, data: { notifiedAt: queueNow() } }))
}

// ---- the job ---------------------------------------------------------------------------------

/** One page of group members entered set-based; returns the runs created. */
function* enterMembersOps(task: TaskRow, version: number, def: FlowDefinition, ids: string[], now: Date): Ops<number> {
  if (!ids.length || !def.entry_action_id) return 0
  const k = kysely()
  const packed = JSON.stringify(ids.map((id) => ulid(now.getTime()) + id))
  const profileOf = sql<string>`substr(e.value, ${ULID_LENGTH + 1})`
  const createdAt = task.useGroupAddTime ? sql`m."enteredAt"` : typedParam(now, 'timestamp(3)')
  const cutoff = reentryCutoff(def.reentry_criteria, now)
  let q = k
    .selectFrom(jsonArrayElements(sql.val(packed), 'e'))
    .innerJoin('GroupMembership as m', (j) =>
      j.on('m.groupId', '=', task.targetId).on('m.profileId', '=', profileOf).on('m.leftAt', 'is', null),
    )
    .select([
      sql<string>`substr(e.value, 1, ${ULID_LENGTH})`.as('id'),
      typedParam(task.companyId, 'integer').as('companyId'),
      typedParam(task.flowId, 'text').as('flowId'),
      typedParam(version, 'integer').as('version'),
      profileOf.as('profileId'),
      typedParam(`backfill:${task.id}`, 'text').as('entryKey'),
      typedParam(task.triggerKind, 'text').as('triggerKind'),
      typedParam('active', 'text').as('status'),
      typedParam(def.entry_action_id, 'text').as('currentActionId'),
      typedParam(now, 'timestamp(3)').as('wakeAt'),
      typedParam(0, 'integer').as('stepCount'),
      typedParam(0, 'integer').as('attempts'),
      createdAt.as('createdAt'),
      typedParam(now, 'timestamp(3)').as('updatedAt'),
    ])
    .where('m.companyId', '=', task.companyId)
    // Already in the flow by this membership: a run created since the profile entered the group.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('FlowRun as r')
            .select(sql`1`.as('one'))
            .where('r.companyId', '=', task.companyId)
            .where('r.flowId', '=', task.flowId)
            .where('r.profileId', '=', profileOf)
            .where(sql<boolean>`r."createdAt" >= m."enteredAt"`),
        ),
      ),
    )
  if (cutoff) {
    q = q.where(({ not, exists, selectFrom }) => {
      let prior = selectFrom('FlowRun as r2')
        .select(sql`1`.as('one'))
        .where('r2.companyId', '=', task.companyId)
        .where('r2.flowId', '=', task.flowId)
        .where('r2.profileId', '=', profileOf)
      if (cutoff !== 'ever') prior = prior.where('r2.createdAt', '>', cutoff)
      return not(exists(prior))
    })
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
      ])
      .expression(q)
      .onConflict((oc) => oc.columns(['flowId', 'profileId', 'entryKey']).doNothing()),
  )
  if (n > 0) yield* wakeNowOps(now)
  return n
}

/** The next page of a group task: member ids after the cursor, entered; progress and cursor saved. */
function* groupPageOps(taskId: string, now: Date, pageSize: number): Ops<boolean> {
  const task = yield* loadTaskOps(taskId)
  if (!task) return true
  const flow = yield* selectFirst(
    kysely()
      .selectFrom('Flow')
      .select(['status', 'archived', 'currentVersion'])
      .where('companyId', '=', task.companyId)
      .where('id', '=', task.flowId),
  )
  if (!flow) return yield* finishOps(task.id, 'failed', 'The flow was deleted.', now)
  const def = yield* flowVersionDefinitionOps(task.companyId, task.flowId, Number(flow.currentVersion))
  if (!def) return yield* finishOps(task.id, 'failed', 'The flow has no definition.', now)
  const ids = (yield* select(
    kysely()
      .selectFrom('GroupMembership')
      .select('profileId')
      .where('companyId', '=', task.companyId)
      .where('groupId', '=', task.targetId)
      .where('leftAt', 'is', null)
      .where('profileId', '>', task.cursor ?? '')
      .orderBy('profileId')
      .limit(pageSize),
  )).map((r) => r.profileId)
  const entered = yield* enterMembersOps(task, Number(flow.currentVersion), def, ids, now)
  yield* exec(
    kysely()
      .updateTable('FlowBackfillTask')
      .set((eb) => ({
        status: 'running',
        cursor: ids.at(-1) ?? task.cursor,
        processed: eb('processed', '+', ids.length),
        entered: eb('entered', '+', entered),
        updatedAt: now as never,
      }))
      .where('id', '=', task.id),
  )
  if (ids.length < pageSize) return yield* finishOps(task.id, 'completed', null, now)
  return false
}

/** The next page of a metric task: events after the cursor in the window; per profile its latest matching event enters. */
function* metricPageOps(taskId: string, now: Date, pageSize: number): Ops<boolean> {
  const task = yield* loadTaskOps(taskId)
  if (!task) return true
  const flow = yield* selectFirst(
    kysely()
      .selectFrom('Flow')
      .select(['currentVersion'])
      .where('companyId', '=', task.companyId)
      .where('id', '=', task.flowId),
  )
  if (!flow) return yield* finishOps(task.id, 'failed', 'The flow was deleted.', now)
  const def = yield* flowVersionDefinitionOps(task.companyId, task.flowId, Number(flow.currentVersion))
  const target = backfillTarget(def)
  const since = Math.floor((toDate(task.since)?.getTime() ?? 0) / 1000)
  const until = Math.floor((toDate(task.until)?.getTime() ?? now.getTime()) / 1000)
  // Newest first, so the first matching event met for a profile is its latest one (the entry key
  // backfill:<taskId> keeps one run per profile per task: later pages add nobody twice).
  let q = kysely()
    .selectFrom('Event as e')
    .innerJoin('Metric as m', 'm.id', 'e.metricId')
    .select([
      'e.id as id',
      'e.profileId as profileId',
      'e.metricId as metricId',
      'm.name as metric',
      'e.ts as ts',
      'e.value as value',
      'e.properties as properties',
    ])
    .where('e.companyId', '=', task.companyId)
    .where('e.metricId', '=', task.targetId)
    .where('e.ts', '>=', since)
    .where('e.ts', '<=', until)
  if (task.cursor) q = q.where('e.id', '<', Number(task.cursor))
  const rows = yield* select(q.orderBy('e.id', 'desc').limit(pageSize))
  const latest = new Map<string, (typeof rows)[number] & { props: Record<string, unknown> }>()
  for (const r of rows) {
    let props: Record<string, unknown> = {}
    try {
      props = JSON.parse(String(r.properties ?? '{}')) as Record<string, unknown>
    } catch {
      props = {}
    }
    if (!matchesTriggerFilter(target?.filter ?? null, props, now)) continue
    const prev = latest.get(r.profileId)
    if (!prev || Number(prev.ts) <= Number(r.ts)) latest.set(r.profileId, { ...r, props })
  }
  let entered = 0
  for (const r of latest.values()) {
    // Already entered by this very event when it was ingested.
    const had = yield* selectFirst(
      kysely()
        .selectFrom('FlowRun')
        .select('id')
        .where('companyId', '=', task.companyId)
        .where('flowId', '=', task.flowId)
        .where('profileId', '=', r.profileId)
        .where('entryKey', '=', `event:${r.id}`),
    )
    if (had) continue
    const run = yield* enterFlowOps({
      companyId: task.companyId,
      flowId: task.flowId,
      profileId: r.profileId,
      entryKey: `backfill:${task.id}`,
      triggerKind: 'metric',
      now,
      triggerEvent: eventTriggerOf({
        companyId: task.companyId,
        eventId: Number(r.id),
        profileId: r.profileId,
        metricId: r.metricId,
        metric: r.metric,
        properties: r.props,
        ts: Number(r.ts),
        value: r.value === null ? null : Number(r.value),
        acceptedAt: 0,
      }),
    })
    if (run) entered++
  }
  yield* exec(
    kysely()
      .updateTable('FlowBackfillTask')
      .set((eb) => ({
        status: 'running',
        cursor: rows.length ? String(rows.at(-1)!.id) : task.cursor,
        processed: eb('processed', '+', rows.length),
        entered: eb('entered', '+', entered),
        updatedAt: now as never,
      }))
      .where('id', '=', task.id),
  )
  if (rows.length < pageSize) return yield* finishOps(task.id, 'completed', null, now)
  return false
}

function* loadTaskOps(taskId: string) {
  const t = yield* selectFirst(kysely().selectFrom('FlowBackfillTask').selectAll().where('id', '=', taskId))
  if (!t || t.status === 'completed' || t.status === 'failed') return null
  return { ...t, useGroupAddTime: Boolean(t.useGroupAddTime) } as unknown as TaskRow
}

function* finishOps(taskId: string, status: 'completed' | 'failed', error: string | null, now: Date): Ops<boolean> {
  yield* exec(
    kysely()
      .updateTable('FlowBackfillTask')
      .set((eb) => ({
        status,
        error,
        finishedAt: now as never,
        updatedAt: now as never,
        ...(status === 'completed' ? { total: eb.ref('processed') } : {}),
      }))
      .where('id', '=', taskId),
  )
  return true
}

/** Runs a task to the end, page by page (the job handler; also callable directly). */
export async function runBackfillTask(
  taskId: string,
  opts: { pageSize?: number; onPage?: (task: BackfillTaskView) => void } = {},
): Promise<BackfillTaskView | null> {
  const pageSize = Math.max(1, opts.pageSize ?? BACKFILL_PAGE)
  await prepareFlowJobs()
  const head = await db.flowBackfillTask.findUnique({ where: { id: taskId } })
  if (!head) return null
  for (let done = head.status === 'completed' || head.status === 'failed'; !done;) {
    const now = queueNow()
    try {
      done = await inWriteTx(() =>
        head.triggerKind === 'metric' ? metricPageOps(taskId, now, pageSize) : groupPageOps(taskId, now, pageSize),
      )
    } catch (e) {
      if (e instanceof AppError) {
        await inWriteTx(() => finishOps(taskId, 'failed', e.message, now))
        break
      }
      throw e
    }
    wakeFlowWorkers()
    if (opts.onPage) {
      const t = await db.flowBackfillTask.findUnique({ where: { id: taskId } })
      if (t) opts.onPage(taskView(t))
    }
  }
  const t = await db.flowBackfillTask.findUnique({ where: { id: taskId } })
  return t ? taskView(t) : null
}
