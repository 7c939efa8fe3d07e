// Flow storage: a Flow row, one FlowVersion per saved definition (every edit writes a new one,
// so runs keep the version they started on), a FlowAction row per action with its current
// status, a FlowMessage per send action, and FlowTrigger rows for "which flows does this list,
// segment or metric trigger". Every query is scoped by companyId. No next/* imports: the
// engine, the /ajax API and the builder use these functions as they are.
import { randomBytes, randomInt } from 'node:crypto'
import { db } from '@/lib/db/client'
import type { Flow, FlowAction as FlowActionRow, FlowMessage } from '@/generated/prisma/client'
import { shortId } from '@/lib/ids/make-id'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import {
  actionKey,
  actionLinks,
  flowAction,
  isMessageActionType,
  isUnsupported,
  MESSAGE_CHANNELS,
  setLink,
  STATUS_ACTION_TYPES,
  triggerTypeOf,
  type ActionStatus,
  type FlowAction,
  type FlowDefinition,
} from './definition'
import {
  actionRefs,
  refErrors,
  structuralErrors,
  validateFlowDefinition,
  type DefinitionError,
  type FlowRefs,
} from './validate-definition'

/** The flow statuses of seed 002 §3.1. */
export const FLOW_STATUS = { draft: 0, manual: 1, live: 2, disabled: 3, paused: 4 } as const
export type FlowStatusName = keyof typeof FLOW_STATUS
export const FLOW_STATUS_NAMES = Object.keys(FLOW_STATUS) as FlowStatusName[]
export const flowStatusName = (n: number): FlowStatusName =>
  FLOW_STATUS_NAMES.find((k) => FLOW_STATUS[k] === n) ?? 'draft'

/** A definition that failed validation; pointers are relative to the definition's root. */
export class FlowDefinitionInvalid extends Error {
  constructor(readonly errors: DefinitionError[]) {
    super(errors[0]?.detail ?? 'The flow definition is not valid.')
    this.name = 'FlowDefinitionInvalid'
  }
}
/** The flow was saved by someone else since the caller read it (optimistic concurrency). */
export class FlowVersionConflict extends Error {
  constructor(readonly currentVersion: number) {
    super('The flow was changed meanwhile; reload it and try again.')
    this.name = 'FlowVersionConflict'
  }
}
export class FlowNotFound extends Error {
  constructor(what = 'flow') {
    super(`The ${what} was not found.`)
    this.name = 'FlowNotFound'
  }
}

/** The company's lists, segments, metrics and templates, for validateFlowDefinition. */
export function companyRefs(companyId: number): FlowRefs {
  return {
    async existing(kind, ids) {
      if (!ids.length) return new Set()
      let rows: Array<{ id: string }>
      if (kind === 'metric')
        rows = await db.metric.findMany({ where: { companyId, id: { in: ids } }, select: { id: true } })
      else if (kind === 'template')
        rows = await db.template.findMany({ where: { companyId, id: { in: ids } }, select: { id: true } })
      else {
        const type = kind === 'list' ? { type: LIST } : kind === 'segment' ? { type: SEGMENT } : {}
        rows = await db.group.findMany({
          where: { companyId, id: { in: ids }, deletedAt: null, ...type },
          select: { id: true },
        })
      }
      return new Set(rows.map((r) => r.id))
    },
  }
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T
const actionStatusOf = (a: FlowAction): ActionStatus => {
  const s = (a.data as { status?: unknown } | null | undefined)?.status
  return s === 'live' || s === 'manual' || s === 'disabled' ? s : 'draft'
}
const messageOf = (a: FlowAction): Record<string, unknown> | null => {
  if (!isMessageActionType(a.type) || isUnsupported(a)) return null
  const m = (a.data as { message?: unknown } | null | undefined)?.message
  return m && typeof m === 'object' ? (m as Record<string, unknown>) : null
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0]

/** Fresh numeric-looking action ids (10 digits, as the vendor's), none already taken. */
async function newActionIds(tx: Tx, n: number): Promise<string[]> {
  for (;;) {
    const ids = new Set<string>()
    while (ids.size < n) ids.add(String(randomInt(1_000_000_000, 9_999_999_999)))
    const taken = await tx.flowAction.count({ where: { id: { in: [...ids] } } })
    if (!taken) return [...ids]
  }
}

function triggerRows(flowId: string, companyId: number, def: FlowDefinition) {
  const rows: Array<{ flowId: string; companyId: number; kind: string; targetId: string }> = []
  for (const t of def.triggers) {
    const id = (t as { id?: unknown }).id
    if (
      (t.type === 'list' || t.type === 'segment' || t.type === 'metric') &&
      typeof id === 'string' &&
      !isUnsupported(t)
    ) {
      if (!rows.some((r) => r.kind === t.type && r.targetId === id))
        rows.push({ flowId, companyId, kind: t.type, targetId: id })
    }
  }
  return rows
}

async function writeMessage(tx: Tx, companyId: number, flowId: string, action: FlowAction, actionId: string) {
  const message = messageOf(action)
  if (!message) {
    await tx.flowMessage.deleteMany({ where: { companyId, actionId } })
    return
  }
  const existing = await tx.flowMessage.findFirst({ where: { companyId, actionId } })
  const id = existing?.id ?? shortId()
  message.id = id
  const fields = {
    channel: MESSAGE_CHANNELS[action.type as keyof typeof MESSAGE_CHANNELS],
    name: typeof message.name === 'string' ? message.name : null,
    templateId: typeof message.template_id === 'string' ? message.template_id : null,
    definition: JSON.stringify(message),
  }
  if (existing) await tx.flowMessage.update({ where: { id }, data: fields })
  else await tx.flowMessage.create({ data: { id, flowId, actionId, companyId, ...fields } })
}

/**
 * Creates a flow from a vendor definition (POST /api/flows): validated first, then in one
 * transaction the flow, version 1, its actions with real ids in place of the temporary ids
 * (links, branch links and entry_action_id too), messages and trigger rows.
 */
export async function createFlow(
  companyId: number,
  input: { name: string; definition: FlowDefinition; status?: FlowStatusName },
): Promise<string> {
  const errors = await validateFlowDefinition(input.definition, companyRefs(companyId), { mode: 'create' })
  if (errors.length) throw new FlowDefinitionInvalid(errors)
  const def = clone(input.definition)
  return db.$transaction(async (tx) => {
    const flowId = await freshFlowId(tx)
    const ids = await newActionIds(tx, def.actions.length)
    const real = new Map(def.actions.map((a, i) => [a.temporary_id!, ids[i]!]))
    for (const a of def.actions) {
      a.id = real.get(a.temporary_id!)!
      delete a.temporary_id
      for (const l of actionLinks(a)) if (l.target != null) setLink(a, l.path, real.get(l.target)!)
    }
    if (def.entry_action_id != null) def.entry_action_id = real.get(def.entry_action_id)!
    await tx.flow.create({
      data: {
        id: flowId,
        companyId,
        name: input.name,
        status: FLOW_STATUS[input.status ?? 'draft'],
        triggerType: triggerTypeOf(def.triggers),
        currentVersion: 1,
        webhookSecret: randomBytes(32).toString('base64url'),
      },
    })
    for (const a of def.actions) {
      await writeMessage(tx, companyId, flowId, a, a.id!)
      await tx.flowAction.create({
        data: {
          id: a.id!,
          flowId,
          companyId,
          versionAdded: 1,
          actionType: a.type,
          status: actionStatusOf(a),
          definition: JSON.stringify(a),
        },
      })
    }
    await tx.flowVersion.create({ data: { flowId, companyId, version: 1, definition: JSON.stringify(def) } })
    const triggers = triggerRows(flowId, companyId, def)
    if (triggers.length) await tx.flowTrigger.createMany({ data: triggers })
    return flowId
  })
}

async function freshFlowId(tx: Tx): Promise<string> {
  for (;;) {
    const id = shortId()
    if (!(await tx.flow.findUnique({ where: { id }, select: { id: true } }))) return id
  }
}

export async function findFlow(companyId: number, flowId: string): Promise<Flow | null> {
  return db.flow.findFirst({ where: { companyId, id: flowId } })
}

export async function getFlowOrThrow(companyId: number, flowId: string): Promise<Flow> {
  const f = await findFlow(companyId, flowId)
  if (!f) throw new FlowNotFound()
  return f
}

/** The stored definition of a version (default: the current one), without live statuses. */
export async function getFlowVersionDefinition(
  companyId: number,
  flowId: string,
  version?: number,
): Promise<FlowDefinition | null> {
  const flow = await findFlow(companyId, flowId)
  if (!flow) return null
  const v = await db.flowVersion.findFirst({ where: { companyId, flowId, version: version ?? flow.currentVersion } })
  return v ? (JSON.parse(v.definition) as FlowDefinition) : null
}

/** The current definition with each action's current status (and message id) filled in. */
export async function getFlowDefinition(companyId: number, flowId: string): Promise<FlowDefinition> {
  const def = await getFlowVersionDefinition(companyId, flowId)
  if (!def) throw new FlowNotFound()
  const rows = await db.flowAction.findMany({ where: { companyId, flowId }, select: { id: true, status: true } })
  const status = new Map(rows.map((r) => [r.id, r.status]))
  for (const a of def.actions) {
    const s = status.get(a.id!)
    if (s && STATUS_ACTION_TYPES.has(a.type) && !isUnsupported(a)) {
      a.data = { ...((a.data as Record<string, unknown> | undefined) ?? {}), status: s } as typeof a.data
    }
  }
  return def
}

/**
 * Sets the flow's status and every action's (PATCH /api/flows/{id}); the public API allows
 * draft, manual and live, /ajax also disabled and paused (actions then keep theirs).
 */
export async function setFlowStatus(companyId: number, flowId: string, status: FlowStatusName): Promise<void> {
  await db.$transaction(async (tx) => {
    const n = await tx.flow.updateMany({ where: { companyId, id: flowId }, data: { status: FLOW_STATUS[status] } })
    if (!n.count) throw new FlowNotFound()
    if (status === 'draft' || status === 'manual' || status === 'live') {
      await tx.flowAction.updateMany({ where: { companyId, flowId }, data: { status } })
    }
  })
}

/** Sets the status of some of a flow's actions (the /ajax bulk action status). */
export async function setActionStatuses(
  companyId: number,
  flowId: string,
  actionIds: string[],
  status: ActionStatus,
): Promise<number> {
  const n = await db.flowAction.updateMany({ where: { companyId, flowId, id: { in: actionIds } }, data: { status } })
  return n.count
}

export async function deleteFlow(companyId: number, flowId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const n = await tx.flow.deleteMany({ where: { companyId, id: flowId } })
    if (!n.count) throw new FlowNotFound()
    await tx.flowAction.deleteMany({ where: { companyId, flowId } })
    await tx.flowMessage.deleteMany({ where: { companyId, flowId } })
    await tx.flowVersion.deleteMany({ where: { companyId, flowId } })
    await tx.flowTrigger.deleteMany({ where: { companyId, flowId } })
  })
}

export async function findFlowAction(companyId: number, actionId: string): Promise<FlowActionRow | null> {
  return db.flowAction.findFirst({ where: { companyId, id: actionId } })
}

/** One stored action as the vendor shows it: its definition with its current status. */
export function actionDefinition(row: FlowActionRow): FlowAction {
  const a = JSON.parse(row.definition) as FlowAction
  if (STATUS_ACTION_TYPES.has(a.type) && !isUnsupported(a)) {
    a.data = { ...((a.data as Record<string, unknown> | undefined) ?? {}), status: row.status } as typeof a.data
  }
  return a
}

/**
 * Saves a new definition of an existing flow as the next version (validated as stored: every
 * action has an id; new actions get real ids from temporary_id). Actions no longer present are
 * removed; the engine keeps runs on the version they started on.
 */
export async function saveFlowVersion(
  companyId: number,
  flowId: string,
  next: FlowDefinition,
  opts: { expectedVersion?: number } = {},
): Promise<number> {
  const def = clone(next)
  const fresh = def.actions.filter((a) => a.id == null && a.temporary_id != null)
  const errors = structuralErrors(def, { mode: 'stored' })
  errors.push(
    ...(await refErrors(
      def.actions.flatMap((a, i) => actionRefs(a, ['actions', i])),
      companyRefs(companyId),
      '',
    )),
  )
  if (errors.length) throw new FlowDefinitionInvalid(errors)
  // Two saves racing for the same next version: the unique (flowId, version) lets one win.
  return writeVersion(companyId, flowId, def, fresh, opts).catch(async (e: unknown) => {
    if ((e as { code?: string }).code === 'P2002')
      throw new FlowVersionConflict((await getFlowOrThrow(companyId, flowId)).currentVersion)
    throw e
  })
}

function writeVersion(
  companyId: number,
  flowId: string,
  def: FlowDefinition,
  fresh: FlowAction[],
  opts: { expectedVersion?: number },
): Promise<number> {
  return db.$transaction(async (tx) => {
    const flow = await tx.flow.findFirst({ where: { companyId, id: flowId } })
    if (!flow) throw new FlowNotFound()
    if (opts.expectedVersion !== undefined && flow.currentVersion !== opts.expectedVersion)
      throw new FlowVersionConflict(flow.currentVersion)
    const version = flow.currentVersion + 1
    const ids = await newActionIds(tx, fresh.length)
    const real = new Map(fresh.map((a, i) => [a.temporary_id!, ids[i]!]))
    for (const a of def.actions) {
      if (a.id == null) a.id = real.get(a.temporary_id!)!
      delete a.temporary_id
      for (const l of actionLinks(a))
        if (l.target != null && real.has(l.target)) setLink(a, l.path, real.get(l.target)!)
    }
    if (def.entry_action_id != null && real.has(def.entry_action_id))
      def.entry_action_id = real.get(def.entry_action_id)!
    const existing = await tx.flowAction.findMany({ where: { companyId, flowId }, select: { id: true } })
    const keep = new Set(def.actions.map((a) => a.id!))
    const gone = existing.filter((r) => !keep.has(r.id)).map((r) => r.id)
    if (gone.length) {
      await tx.flowAction.deleteMany({ where: { companyId, flowId, id: { in: gone } } })
      await tx.flowMessage.deleteMany({ where: { companyId, flowId, actionId: { in: gone } } })
    }
    const had = new Set(existing.map((r) => r.id))
    for (const a of def.actions) {
      await writeMessage(tx, companyId, flowId, a, a.id!)
      const data = { actionType: a.type, status: actionStatusOf(a), definition: JSON.stringify(a) }
      if (had.has(a.id!)) await tx.flowAction.update({ where: { id: a.id! }, data })
      else await tx.flowAction.create({ data: { id: a.id!, flowId, companyId, versionAdded: version, ...data } })
    }
    await tx.flowVersion.create({ data: { flowId, companyId, version, definition: JSON.stringify(def) } })
    await tx.flow.update({
      where: { id: flowId },
      data: { currentVersion: version, triggerType: triggerTypeOf(def.triggers) },
    })
    await tx.flowTrigger.deleteMany({ where: { companyId, flowId } })
    const triggers = triggerRows(flowId, companyId, def)
    if (triggers.length) await tx.flowTrigger.createMany({ data: triggers })
    return version
  })
}

/**
 * Replaces one action (PATCH /api/flow-actions/{id}) and saves the flow as a new version.
 * The action keeps its id and type; errors point into the action (pointers below its root).
 */
export async function updateFlowAction(companyId: number, actionId: string, input: unknown): Promise<FlowActionRow> {
  const row = await findFlowAction(companyId, actionId)
  if (!row) throw new FlowNotFound('flow action')
  const parsed = flowAction.safeParse(input)
  if (!parsed.success) {
    throw new FlowDefinitionInvalid(
      parsed.error.issues.map((i) => ({ pointer: i.path.map((p) => '/' + String(p)).join(''), detail: i.message })),
    )
  }
  const action = parsed.data as FlowAction
  if (action.id != null && action.id !== actionId)
    throw new FlowDefinitionInvalid([{ pointer: '/id', detail: 'The action id cannot be changed.' }])
  if (action.type !== row.actionType)
    throw new FlowDefinitionInvalid([
      { pointer: '/type', detail: `The action type cannot be changed (it is ${row.actionType}).` },
    ])
  action.id = actionId
  delete action.temporary_id
  const expectedVersion = (await getFlowOrThrow(companyId, row.flowId)).currentVersion
  const def = await getFlowDefinition(companyId, row.flowId)
  const index = def.actions.findIndex((a) => a.id === actionId)
  def.actions[index] = action
  try {
    await saveFlowVersion(companyId, row.flowId, def, { expectedVersion })
  } catch (e) {
    if (e instanceof FlowDefinitionInvalid) {
      const prefix = `/actions/${index}`
      throw new FlowDefinitionInvalid(
        e.errors.map((x) => ({
          pointer: x.pointer.startsWith(prefix + '/') ? x.pointer.slice(prefix.length) : '',
          detail: x.detail,
        })),
      )
    }
    throw e
  }
  return (await findFlowAction(companyId, actionId))!
}

/** Removes one action (DELETE /api/flow-actions/{id}): links into it go to its next action. */
export async function deleteFlowAction(companyId: number, actionId: string): Promise<void> {
  const row = await findFlowAction(companyId, actionId)
  if (!row) throw new FlowNotFound('flow action')
  const expectedVersion = (await getFlowOrThrow(companyId, row.flowId)).currentVersion
  const def = await getFlowDefinition(companyId, row.flowId)
  const gone = def.actions.find((a) => a.id === actionId)!
  const links = actionLinks(gone)
  const onward = links.length === 1 && links[0]!.path[1] === 'next' ? links[0]!.target : null
  def.actions = def.actions.filter((a) => a.id !== actionId)
  for (const a of def.actions) for (const l of actionLinks(a)) if (l.target === actionId) setLink(a, l.path, onward)
  if (def.entry_action_id === actionId) def.entry_action_id = onward
  await saveFlowVersion(companyId, row.flowId, def, { expectedVersion })
}

export async function findFlowMessage(companyId: number, messageId: string): Promise<FlowMessage | null> {
  return db.flowMessage.findFirst({ where: { companyId, id: messageId } })
}

/** The flows a list, segment or metric triggers (for /api/{lists|segments|metrics}/{id}/flow-triggers and the engine). */
export async function flowsTriggeredBy(
  companyId: number,
  kind: 'list' | 'segment' | 'metric',
  targetId: string,
  opts: { liveOnly?: boolean } = {},
): Promise<Flow[]> {
  const rows = await db.flowTrigger.findMany({ where: { companyId, kind, targetId }, select: { flowId: true } })
  if (!rows.length) return []
  return db.flow.findMany({
    where: {
      companyId,
      id: { in: rows.map((r) => r.flowId) },
      ...(opts.liveOnly ? { status: FLOW_STATUS.live, archived: false } : {}),
    },
    orderBy: { id: 'asc' },
  })
}

/** The definition as a create document: actions keyed by temporary_id (the export of /flow/{id}.json). */
export function toCreateDefinition(def: FlowDefinition): FlowDefinition {
  const out = clone(def)
  for (const a of out.actions) {
    a.temporary_id = actionKey(a)
    delete a.id
    const m = messageOf(a)
    if (m) delete m.id
  }
  return out
}
