// Ends a running experiment with its winner: the winning version becomes the form's only live
// version, the other variations go back to draft. Weights stay as they were (the test's history;
// they only matter while an experiment runs). The variations keep their
// experimentId so the results stay readable afterwards; only a running experiment splits traffic.
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { invalidateLiveForms } from '../live-forms-cache'

export async function endFormExperiment(companyId: number, experimentId: number, winnerVersionId: number, now: Date) {
  const experiment = await db.formExperiment.findFirst({ where: { companyId, id: experimentId } })
  if (!experiment) throw notFound('This experiment does not exist.')
  if (experiment.status !== 'running') throw badRequest('Only a running experiment can be ended.')
  const winner = await db.formVersion.findFirst({
    where: { companyId, id: winnerVersionId, experimentId },
    select: { id: true },
  })
  if (!winner)
    throw badRequest("The winner must be one of the experiment's variations.", {
      winnerVersionId: ["The winner must be one of the experiment's variations."],
    })
  const ended = await db.$transaction(async (tx) => {
    await tx.formVersion.updateMany({
      where: { companyId, formId: experiment.formId, experimentId, id: { not: winnerVersionId } },
      data: { status: 'draft' },
    })
    await tx.formVersion.updateMany({ where: { companyId, id: winnerVersionId }, data: { status: 'live' } })
    // Only settle a still-running experiment: a manual end and the job racing it declare one winner.
    const done = await tx.formExperiment.updateMany({
      where: { id: experimentId, companyId, status: 'running' },
      data: { status: 'completed', endedAt: now, winnerVersionId },
    })
    if (!done.count) throw badRequest('Only a running experiment can be ended.')
    return tx.formExperiment.findUniqueOrThrow({ where: { id: experimentId } })
  })
  invalidateLiveForms(companyId)
  return ended
}
