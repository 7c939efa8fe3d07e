// The "review" step's start: checks the target account (the user's role there can write the
// kind), resolves every reference to a target object or "create" (a manual choice wins over the
// same-name suggestion; anything unresolved is a 400 naming it), records the job and queues it.
// The request id is the client's: the same id again (a double click, a retried request) answers
// the job already made instead of making a second copy.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, type FieldErrors } from '@/lib/errors/app-error'
import { enqueue } from '@/lib/jobs/queue'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { CLONE_JOB, type CloneKind } from './clone-kinds'
import { assertCloneTarget } from './clone-targets'
import { cloneReferences, type CloneReference } from './clone-references'
import { cloneJobView } from './clone-status'

export const startCloneBody = z.object({
  requestId: z
    .string()
    .trim()
    .min(8, 'A request id is required.')
    .max(64)
    .regex(/^[\w-]+$/, 'Letters, digits, - and _ only.'),
  targetCompanyId: z.coerce.number().int().positive(),
  name: z.string().trim().min(1, 'Give the copy a name.').max(255),
  mapping: z
    .array(z.object({ key: z.string().min(3).max(200), targetId: z.string().trim().min(1).max(255) }))
    .max(500)
    .default([]),
})
export type StartCloneBody = z.infer<typeof startCloneBody>

async function targetExists(targetCompanyId: number, r: CloneReference, targetId: string) {
  if (r.kind === 'metric')
    return !!(await db.metric.findFirst({ where: { companyId: targetCompanyId, id: targetId }, select: { id: true } }))
  if (r.kind === 'coupon')
    return !!(await db.coupon.findFirst({
      where: { companyId: targetCompanyId, externalId: targetId },
      select: { id: true },
    }))
  return !!(await db.group.findFirst({
    where: { companyId: targetCompanyId, id: targetId, deletedAt: null, type: r.kind === 'list' ? LIST : SEGMENT },
    select: { id: true },
  }))
}

export async function resolveMapping(
  refs: CloneReference[],
  targetCompanyId: number,
  given: StartCloneBody['mapping'],
) {
  const chosen = new Map(given.map((m) => [m.key, m.targetId]))
  const out: Record<string, string> = {}
  const errors: FieldErrors = {}
  for (const r of refs) {
    const target = chosen.get(r.key) ?? r.suggestedTargetId ?? (r.canCreate ? 'create' : null)
    const field = `mapping.${r.key}`
    if (!target) (errors[field] ??= []).push(`Choose the ${r.kind} of the target account to use for "${r.name}".`)
    else if (target === 'create') {
      if (r.canCreate) out[r.key] = 'create'
      else (errors[field] ??= []).push(`A ${r.kind} cannot be created by a clone; choose one of the target account.`)
    } else if (await targetExists(targetCompanyId, r, target)) out[r.key] = target
    else (errors[field] ??= []).push(`The target account has no ${r.kind} "${target}".`)
  }
  if (Object.keys(errors).length)
    throw badRequest('Some lists, segments, metrics or coupons are not mapped to the target account.', errors)
  return out
}

export async function startCrossAccountClone(
  kind: CloneKind,
  sourceCompanyId: number,
  userId: number,
  sourceId: string,
  body: StartCloneBody,
) {
  const again = await db.crossAccountCloneJob.findUnique({ where: { requestId: body.requestId } })
  if (again) {
    const same =
      again.userId === userId &&
      again.sourceCompanyId === sourceCompanyId &&
      again.kind === kind &&
      again.sourceId === sourceId
    if (!same)
      throw badRequest('That request id is already used.', { requestId: ['Start again from the review step.'] })
    return cloneJobView(again)
  }
  if (body.targetCompanyId === sourceCompanyId)
    throw badRequest('Choose another account.', { targetCompanyId: ['Choose an account other than this one.'] })
  // The source first: another account's id is a 404 whatever the target.
  const { references } = await cloneReferences(kind, sourceCompanyId, sourceId, body.targetCompanyId)
  await assertCloneTarget(userId, body.targetCompanyId, kind)
  const mapping = await resolveMapping(references, body.targetCompanyId, body.mapping)
  let job
  try {
    job = await db.crossAccountCloneJob.create({
      data: {
        requestId: body.requestId,
        userId,
        sourceCompanyId,
        targetCompanyId: body.targetCompanyId,
        kind,
        sourceId,
        name: body.name,
        mapping: JSON.stringify(mapping),
      },
    })
  } catch (e) {
    // Two requests with the same id at once: the other one made the job.
    const other = await db.crossAccountCloneJob.findUnique({ where: { requestId: body.requestId } })
    if (other && other.userId === userId) return cloneJobView(other)
    throw e
  }
  await enqueue(CLONE_JOB, { jobId: job.id }, { companyId: sourceCompanyId, idempotencyKey: `${CLONE_JOB}:${job.id}` })
  return cloneJobView(job)
}
