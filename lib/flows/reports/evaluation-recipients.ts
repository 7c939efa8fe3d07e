// GET /ajax/flow/evaluation/{actionId}/recipients: the FlowStep rows of one action (who reached
// it, with what status and outcome, when), newest first, paged and filtered by status; for
// /flow/evaluation/{actionId}/reports/recipients. Manual actions' waiting steps are approved or
// cancelled through the evaluations calls of seed 002 §7.7.
import { z } from 'zod'
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { notFound } from '@/lib/http/app-error'

export const STEP_STATUSES = ['done', 'skipped', 'waiting', 'approved', 'cancelled', 'failed', 'exited'] as const

export const evaluationRecipientsQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100.').default(25),
  status: z.enum(STEP_STATUSES, `status must be one of ${STEP_STATUSES.join(', ')}.`).optional(),
})
export type EvaluationRecipientsQuery = z.infer<typeof evaluationRecipientsQuery>

export async function evaluationRecipients(companyId: number, actionId: string, q: EvaluationRecipientsQuery) {
  const action = await db.flowAction.findFirst({ where: { companyId, id: actionId } })
  if (!action) throw notFound('The flow action was not found.')
  const flow = await db.flow.findFirst({ where: { companyId, id: action.flowId }, select: { id: true, name: true } })
  const steps = kysely().selectFrom('FlowStep').where('FlowStep.companyId', '=', companyId).where('FlowStep.flowId', '=', action.flowId).where('FlowStep.actionId', '=', actionId)
  const byStatus = await read(select(steps.select(['FlowStep.status', sql<number>`count(*)`.as('n')]).groupBy('FlowStep.status')))
  const filtered = q.status ? steps.where('FlowStep.status', '=', q.status) : steps
  const [count] = await read(select(filtered.select(sql<number>`count(*)`.as('n'))))
  const rows = await read(select(
    filtered.leftJoin('Profile', (j) => j.onRef('Profile.id', '=', 'FlowStep.profileId').on('Profile.companyId', '=', companyId))
      .select(['FlowStep.id', 'FlowStep.runId', 'FlowStep.profileId', 'FlowStep.status', 'FlowStep.outcome', 'FlowStep.detail', 'FlowStep.at', 'FlowStep.updatedAt', 'Profile.email', 'Profile.phoneNumber', 'Profile.firstName', 'Profile.lastName'])
      .orderBy('FlowStep.at', 'desc').orderBy('FlowStep.id', 'desc')
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
  ))
  return {
    action: { id: action.id, type: action.actionType, status: action.status, flowId: action.flowId, flowName: flow?.name ?? '' },
    counts: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize,
    recipients: rows.map((r) => ({
      stepId: r.id, runId: r.runId, profileId: r.profileId, email: r.email, phoneNumber: r.phoneNumber,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      status: r.status, outcome: r.outcome, detail: parseDetail(r.detail),
      at: toDate(r.at)!.toISOString(), updated: toDate(r.updatedAt)!.toISOString(),
    })),
  }
}

function parseDetail(d: string | null): unknown {
  if (!d) return null
  try {
    return JSON.parse(d)
  } catch {
    return d
  }
}
