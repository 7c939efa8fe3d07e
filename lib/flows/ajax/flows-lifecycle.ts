// POST /flow/{id}/archive, /recover, /delete, /archive_delete (seed 002 §7.1 lifecycle).
// Decisions (seed 002 §4 leaves them to us):
// - archive: the flow is set to draft and hidden from the list; its runs in progress (active, or
//   waiting for a manual approval) end now, status 'exited' with exitReason 'flow_archived', and
//   waiting approvals are cancelled. Nothing is sent for it afterwards. Its history stays.
// - recover: back in the list, still draft (the merchant turns it on again on purpose).
// - delete: removes the flow, its versions, actions, messages, triggers, tags, holdout override
//   and audit log; runs in progress end with exitReason 'flow_deleted' (steps and sends stay for reports).
// - archive_delete: delete, allowed for an archived flow only.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { deleteFlow, FLOW_STATUS } from '../store'
import { flowStoreCall, getAjaxFlow, recordFlowAudit, statusText } from './flows-common'

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0]

async function endRuns(tx: Tx, companyId: number, flowId: string, reason: string, now: Date): Promise<number> {
  await tx.flowStep.updateMany({ where: { companyId, flowId, status: 'waiting' }, data: { status: 'cancelled' } })
  const n = await tx.flowRun.updateMany({
    where: { companyId, flowId, status: { in: ['active', 'waiting'] } },
    data: {
      status: 'exited',
      exitReason: reason,
      currentActionId: null,
      wakeAt: null,
      finishedAt: now,
      lockedBy: null,
      leaseUntil: null,
    },
  })
  return n.count
}

export async function archiveFlow(companyId: number, userId: number, flowId: string, now = new Date()) {
  const flow = await getAjaxFlow(companyId, flowId)
  if (flow.archived) return { flowId, archived: true, status: statusText(flow.status), runsEnded: 0 }
  const runsEnded = await db.$transaction(async (tx) => {
    await tx.flow.update({ where: { id: flow.id }, data: { archived: true, status: FLOW_STATUS.draft } })
    const ended = await endRuns(tx, companyId, flowId, 'flow_archived', now)
    await recordFlowAudit(
      { companyId, flowId, userId, action: 'archive', detail: { from: statusText(flow.status), runsEnded: ended } },
      tx,
    )
    return ended
  })
  return { flowId, archived: true, status: statusText(FLOW_STATUS.draft), runsEnded }
}

export async function recoverFlow(companyId: number, userId: number, flowId: string) {
  const flow = await getAjaxFlow(companyId, flowId)
  if (!flow.archived) return { flowId, archived: false, status: statusText(flow.status) }
  await db.$transaction(async (tx) => {
    await tx.flow.update({ where: { id: flow.id }, data: { archived: false } })
    await recordFlowAudit({ companyId, flowId, userId, action: 'recover' }, tx)
  })
  return { flowId, archived: false, status: statusText(flow.status) }
}

export async function deleteAjaxFlow(
  companyId: number,
  flowId: string,
  opts: { archivedOnly?: boolean } = {},
  now = new Date(),
) {
  const flow = await getAjaxFlow(companyId, flowId)
  if (opts.archivedOnly && !flow.archived)
    throw badRequest('Only an archived flow can be deleted from the archive; archive it first.')
  await db.$transaction(async (tx) => {
    await endRuns(tx, companyId, flowId, 'flow_deleted', now)
    await tx.flowTag.deleteMany({ where: { companyId, flowId } })
    await tx.flowHoldoutOverride.deleteMany({ where: { companyId, flowId } })
    await tx.flowAudit.deleteMany({ where: { companyId, flowId } })
  })
  await flowStoreCall(() => deleteFlow(companyId, flowId))
  return { flowId, deleted: true }
}
