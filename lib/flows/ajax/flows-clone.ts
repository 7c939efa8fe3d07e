// POST /flow/{id}/clone (start), GET /flow/clone/statuses (poll) and the 'flows.clone' job.
// Seed 002 §3.1/§4: the clone is asynchronous; a status key per clone; statuses: not started
// null, in progress '', error 'CLONE_ERROR', done = the new flow's id.
// The job copies the flow's current definition (actions, links, filters, messages) as a new
// draft flow; each message's template is copied too, so editing the clone never changes the
// original. Cross-account: the same job with a target company where the user holds flows_create;
// lists, segments and metrics are mapped (by the caller, else by same name; "create" makes a
// list or metric of the same name), templates copied into the target.
// Exactly once: the new flow's audit entry carries the status key and is looked for before a
// retried job creates anything.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, forbidden } from '@/lib/errors/app-error'
import { shortId } from '@/lib/ids/make-id'
import { enqueue } from '@/lib/jobs/queue'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import type { FlowDefinition } from '../definition'
import { createFlow, getFlowDefinition, toCreateDefinition } from '../store'
import { definitionRefs } from '../validate-definition'
import { getAjaxFlow, recordFlowAudit } from './flows-common'
import { assertCloneTarget, cloneReferencesOf, isMappable } from './flows-clone-references'

export const FLOW_CLONE_JOB = 'flows.clone'
export const CLONE_ERROR = 'CLONE_ERROR'

export const startCloneBody = z.object({
  name: z.string().trim().min(1, 'Give the clone a name.').max(255).optional(),
  targetCompanyId: z.coerce.number().int().positive().optional(),
  /** Cross-account: [{ kind, id, targetId }] where targetId is an object of the target account or "create". */
  mapping: z
    .array(
      z.object({
        kind: z.enum(['list', 'segment', 'group', 'metric']),
        id: z.string().min(1).max(64),
        targetId: z.string().min(1).max(64),
      }),
    )
    .max(500)
    .default([]),
})
export type StartCloneBody = z.infer<typeof startCloneBody>

/** Resolves every reference of a cross-account clone to a target id or "create"; 400 for what cannot be resolved. */
async function resolveMapping(
  companyId: number,
  def: FlowDefinition,
  targetCompanyId: number,
  given: StartCloneBody['mapping'],
) {
  const refs = await cloneReferencesOf(companyId, def, targetCompanyId)
  const chosen = new Map(given.map((m) => [`${m.kind}:${m.id}`, m.targetId]))
  const out: Record<string, string> = {}
  const errors: Record<string, string[]> = {}
  for (const r of refs) {
    const key = `${r.kind}:${r.id}`
    const target = chosen.get(key) ?? r.suggestedTargetId ?? (r.canCreate ? 'create' : null)
    if (!target) {
      ;(errors[`mapping.${key}`] ??= []).push(
        `Choose the ${r.kind === 'group' ? 'list or segment' : r.kind} of the target account to use for "${r.name ?? r.id}".`,
      )
      continue
    }
    if (target === 'create') {
      if (!r.canCreate)
        (errors[`mapping.${key}`] ??= []).push(
          `A ${r.kind} cannot be created by a clone; choose one of the target account.`,
        )
      else out[key] = 'create'
      continue
    }
    const ok =
      r.kind === 'metric'
        ? await db.metric.findFirst({ where: { companyId: targetCompanyId, id: target }, select: { id: true } })
        : await db.group.findFirst({
            where: {
              companyId: targetCompanyId,
              id: target,
              deletedAt: null,
              ...(r.kind === 'list' ? { type: LIST } : r.kind === 'segment' ? { type: SEGMENT } : {}),
            },
            select: { id: true },
          })
    if (!ok) (errors[`mapping.${key}`] ??= []).push(`The target account has no ${r.kind} with id "${target}".`)
    else out[key] = target
  }
  if (Object.keys(errors).length)
    throw badRequest('Some lists, segments or metrics of the flow are not mapped to the target account.', errors)
  return out
}

/** Same account: the caller needs flows_create here (canCreateHere); another account: flows_create there. */
export async function startFlowClone(
  companyId: number,
  userId: number,
  flowId: string,
  body: StartCloneBody,
  canCreateHere = true,
) {
  const flow = await getAjaxFlow(companyId, flowId)
  const targetCompanyId = body.targetCompanyId ?? companyId
  if (targetCompanyId === companyId && !canCreateHere) throw forbidden()
  let mapping: Record<string, string> = {}
  if (targetCompanyId !== companyId) {
    await assertCloneTarget(userId, targetCompanyId)
    mapping = await resolveMapping(
      companyId,
      toCreateDefinition(await getFlowDefinition(companyId, flowId)),
      targetCompanyId,
      body.mapping,
    )
  }
  const statusKey = randomBytes(12).toString('base64url')
  await db.flowCloneTask.create({
    data: {
      statusKey,
      companyId,
      targetCompanyId,
      userId,
      sourceFlowId: flow.id,
      name: body.name ?? `${flow.name} (Clone)`,
      mapping: JSON.stringify(mapping),
    },
  })
  await enqueue(FLOW_CLONE_JOB, { statusKey }, { companyId, idempotencyKey: `flows.clone:${statusKey}` })
  return { statusKey }
}

/** GET /flow/clone/statuses?statusKeys=a,b – keys of other companies read as not started (null). */
export async function cloneStatuses(companyId: number, keys: string[]) {
  const rows = keys.length
    ? await db.flowCloneTask.findMany({
        where: { statusKey: { in: keys }, OR: [{ companyId }, { targetCompanyId: companyId }] },
      })
    : []
  const byKey = new Map(rows.map((r) => [r.statusKey, r]))
  const statuses: Record<string, string | null> = {}
  for (const k of keys) {
    const r = byKey.get(k)
    statuses[k] =
      !r || r.status === 'pending'
        ? null
        : r.status === 'running'
          ? ''
          : r.status === 'error'
            ? CLONE_ERROR
            : r.newFlowId
  }
  const details = rows.map((r) => ({
    statusKey: r.statusKey,
    targetCompanyId: r.targetCompanyId,
    sourceFlowId: r.sourceFlowId,
    flowId: r.newFlowId,
    error: r.status === 'error' ? r.error : null,
  }))
  return { statuses, details }
}

async function copyTemplate(
  sourceCompanyId: number,
  targetCompanyId: number,
  templateId: string,
  copies: Map<string, string>,
): Promise<string | null> {
  if (copies.has(templateId)) return copies.get(templateId)!
  const t = await db.template.findFirst({ where: { companyId: sourceCompanyId, id: templateId } })
  if (!t) return null
  const id = shortId()
  await db.template.create({
    data: {
      id,
      companyId: targetCompanyId,
      name: t.name,
      editorType: t.editorType,
      html: t.html,
      text: t.text,
      definition: t.definition,
      compiledHtml: t.compiledHtml,
      compiledText: t.compiledText,
      amp: t.amp,
      isTransactional: t.isTransactional,
      usesEvent: t.usesEvent,
      warnings: t.warnings,
    },
  })
  copies.set(templateId, id)
  return id
}

async function applyMapping(
  def: FlowDefinition,
  targetCompanyId: number,
  mapping: Record<string, string>,
  names: Map<string, string>,
) {
  const created = new Map<string, string>()
  for (const u of definitionRefs(def)) {
    if (!isMappable(u.kind)) continue
    const key = `${u.kind}:${u.id}`
    let target: string | undefined = mapping[key]
    if (!target) throw new Error(`No mapping for ${key}`)
    if (target === 'create') {
      target = created.get(key)
      if (!target) {
        const name = names.get(key) ?? u.id
        if (u.kind === 'metric') {
          target = (
            await db.metric.upsert({
              where: { companyId_name: { companyId: targetCompanyId, name } },
              create: { id: shortId(), companyId: targetCompanyId, name },
              update: {},
              select: { id: true },
            })
          ).id
        } else {
          target = shortId()
          await db.group.create({ data: { id: target, companyId: targetCompanyId, name, type: LIST } })
        }
        created.set(key, target)
      }
    }
    let node: Record<string | number, unknown> = def as unknown as Record<string, unknown>
    for (const p of u.path.slice(0, -1)) node = node[p] as Record<string | number, unknown>
    node[u.path[u.path.length - 1]!] = target
  }
}

/** The job: copies the flow; the task ends done (newFlowId) or error. */
export async function runFlowClone(statusKey: string): Promise<void> {
  const task = await db.flowCloneTask.findUnique({ where: { statusKey } })
  if (!task || task.status === 'done' || task.status === 'error') return
  const already = await db.flowAudit.findFirst({
    where: { companyId: task.targetCompanyId, action: 'clone', detail: { contains: `"statusKey":"${statusKey}"` } },
  })
  if (already) {
    await db.flowCloneTask.update({ where: { statusKey }, data: { status: 'done', newFlowId: already.flowId } })
    return
  }
  await db.flowCloneTask.update({ where: { statusKey }, data: { status: 'running' } })
  const copies = new Map<string, string>()
  try {
    const source = await db.flow.findFirst({ where: { companyId: task.companyId, id: task.sourceFlowId } })
    if (!source) throw new Error('The flow to clone no longer exists.')
    const def = toCreateDefinition(await getFlowDefinition(task.companyId, source.id))
    for (const a of def.actions) {
      const m = (a.data as { message?: { template_id?: string | null } } | undefined)?.message
      if (m?.template_id)
        m.template_id = await copyTemplate(task.companyId, task.targetCompanyId, m.template_id, copies)
    }
    if (task.targetCompanyId !== task.companyId) {
      const names = new Map<string, string>()
      for (const g of await db.group.findMany({
        where: { companyId: task.companyId },
        select: { id: true, name: true, type: true },
      })) {
        names.set(`${g.type === LIST ? 'list' : 'segment'}:${g.id}`, g.name)
        names.set(`group:${g.id}`, g.name)
      }
      for (const m of await db.metric.findMany({
        where: { companyId: task.companyId },
        select: { id: true, name: true },
      }))
        names.set(`metric:${m.id}`, m.name)
      await applyMapping(def, task.targetCompanyId, JSON.parse(task.mapping) as Record<string, string>, names)
    }
    const newFlowId = await createFlow(task.targetCompanyId, { name: task.name, definition: def })
    if (task.targetCompanyId === task.companyId) {
      const tags = await db.flowTag.findMany({ where: { companyId: task.companyId, flowId: source.id } })
      if (tags.length)
        await db.flowTag.createMany({
          data: tags.map((t) => ({ companyId: task.companyId, flowId: newFlowId, tag: t.tag })),
        })
    }
    await recordFlowAudit({
      companyId: task.targetCompanyId,
      flowId: newFlowId,
      userId: task.userId,
      action: 'clone',
      version: 1,
      detail: { statusKey, sourceFlowId: source.id, sourceCompanyId: task.companyId },
    })
    await db.flowCloneTask.update({ where: { statusKey }, data: { status: 'done', newFlowId } })
  } catch (e) {
    // Nothing half-made is left: the templates copied for a clone that failed are removed.
    if (copies.size)
      await db.template.deleteMany({ where: { companyId: task.targetCompanyId, id: { in: [...copies.values()] } } })
    const message = e instanceof Error ? e.message : String(e)
    await db.flowCloneTask.update({ where: { statusKey }, data: { status: 'error', error: message.slice(0, 1000) } })
  }
}
