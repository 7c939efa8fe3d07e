// GET, POST /ajax/flow/{id}/details – a flow's name, status (text code "0".."4"), tags.
// Status transitions (seed 002 §4 leaves them to us):
// - an archived flow keeps its status until it is recovered;
// - paused (4) only from live (2), as a pause of a running flow;
// - manual (1) and live (2) need a trigger, an entry action and a definition without graph errors;
// - draft (0) and disabled (3) are always allowed.
// The actions keep their own statuses unless setActionStatuses is true (then draft, manual and
// live set every action's too, as PATCH /api/flows/{id} does). Runs of a disabled or paused flow
// are held by the engine where they are, not exited.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { FLOW_STATUS, flowStatusName, getFlowVersionDefinition } from '../store'
import { structuralErrors, definitionFieldErrors } from '../validate-definition'
import { inWriteTx } from '@/lib/db/ops'
import { queueNow } from '@/lib/jobs/clock'
import { wakeFlowRunsOps } from '@/lib/flows/engine/manage-runs'
import { prepareFlowJobs, wakeFlowWorkers } from '@/lib/flows/engine/wake'
import { getAjaxFlow, recordFlowAudit, statusText, STATUS_CODES } from './flows-common'

export const MAX_TAGS = 20

export const flowDetailsBody = z.object({
  name: z.string().trim().min(1, 'Give the flow a name.').max(255, 'The name is at most 255 characters.').optional(),
  status: z
    .enum(STATUS_CODES, 'status must be one of "0" (draft), "1" (manual), "2" (live), "3" (disabled), "4" (paused).')
    .optional(),
  tags: z
    .array(z.string().trim().min(1, 'A tag cannot be empty.').max(64, 'A tag is at most 64 characters.'))
    .max(MAX_TAGS, `A flow can have at most ${MAX_TAGS} tags.`)
    .optional(),
  setActionStatuses: z.boolean().optional(),
})
export type FlowDetailsBody = z.infer<typeof flowDetailsBody>

export async function getFlowDetails(companyId: number, flowId: string) {
  const f = await getAjaxFlow(companyId, flowId)
  const tags = await db.flowTag.findMany({ where: { companyId, flowId }, orderBy: { tag: 'asc' } })
  return {
    flow: {
      id: f.id,
      name: f.name,
      status: statusText(f.status),
      statusName: flowStatusName(f.status),
      archived: f.archived,
      triggerType: f.triggerType ?? 'Segment',
      version: f.currentVersion,
      tags: tags.map((t) => t.tag),
      created: f.createdAt.toISOString(),
      updated: f.updatedAt.toISOString(),
    },
  }
}

/** Why the flow cannot move from `from` to `to`, or null. */
export async function transitionError(
  companyId: number,
  flow: { id: string; status: number; archived: boolean },
  to: number,
): Promise<{ message: string; fieldErrors?: Record<string, string[]> } | null> {
  if (flow.status === to) return null
  if (flow.archived) return { message: 'This flow is archived: recover it before changing its status.' }
  if (to === FLOW_STATUS.paused && flow.status !== FLOW_STATUS.live)
    return { message: 'Only a live flow can be paused.' }
  if (to === FLOW_STATUS.live || to === FLOW_STATUS.manual) {
    const def = await getFlowVersionDefinition(companyId, flow.id)
    if (!def || !def.triggers.length || def.entry_action_id == null) {
      return { message: 'A flow needs a trigger and at least one action before it can be turned on.' }
    }
    const errors = structuralErrors(def, { mode: 'stored' })
    if (errors.length)
      return { message: 'Fix the errors in the flow before turning it on.', fieldErrors: definitionFieldErrors(errors) }
  }
  return null
}

export async function updateFlowDetails(companyId: number, userId: number, flowId: string, body: FlowDetailsBody) {
  const flow = await getAjaxFlow(companyId, flowId)
  const to = body.status !== undefined ? Number(body.status) : flow.status
  const err = await transitionError(companyId, flow, to)
  if (err) throw badRequest(err.message, { status: [err.message], ...(err.fieldErrors ?? {}) })
  const tags = body.tags ? [...new Map(body.tags.map((t) => [t.toLowerCase(), t])).values()] : null
  await db.$transaction(async (tx) => {
    await tx.flow.update({
      where: { id: flow.id },
      data: { ...(body.name !== undefined ? { name: body.name } : {}), status: to },
    })
    if (
      body.setActionStatuses &&
      to !== flow.status &&
      (to === FLOW_STATUS.draft || to === FLOW_STATUS.manual || to === FLOW_STATUS.live)
    ) {
      await tx.flowAction.updateMany({ where: { companyId, flowId }, data: { status: flowStatusName(to) } })
    }
    if (tags) {
      await tx.flowTag.deleteMany({ where: { companyId, flowId } })
      if (tags.length) await tx.flowTag.createMany({ data: tags.map((tag) => ({ companyId, flowId, tag })) })
    }
    if (to !== flow.status) {
      await recordFlowAudit(
        {
          companyId,
          flowId,
          userId,
          action: 'status',
          detail: { from: statusText(flow.status), to: statusText(to), setActionStatuses: !!body.setActionStatuses },
        },
        tx,
      )
    }
    if ((body.name !== undefined && body.name !== flow.name) || tags) {
      await recordFlowAudit(
        {
          companyId,
          flowId,
          userId,
          action: 'details',
          detail: {
            ...(body.name !== undefined && body.name !== flow.name ? { from: flow.name, name: body.name } : {}),
            ...(tags ? { tags } : {}),
          },
        },
        tx,
      )
    }
  })
  // Runs held while the flow was draft or paused go on at once, not at their next minute's look.
  if (to !== flow.status && (to === FLOW_STATUS.live || to === FLOW_STATUS.manual)) {
    await prepareFlowJobs()
    if (await inWriteTx(() => wakeFlowRunsOps(companyId, flowId, queueNow()))) wakeFlowWorkers()
  }
  return getFlowDetails(companyId, flowId)
}
