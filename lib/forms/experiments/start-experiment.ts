// Starts a draft experiment: its variations go live with their weights, every other version of
// the form stops being live (the split is between the variations only), and the form is live.
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { invalidateLiveForms } from '../live-forms-cache'
import { bookExperimentsJob } from './settle-experiments'

export async function startFormExperiment(companyId: number, experimentId: number, now: Date) {
  const experiment = await db.formExperiment.findFirst({ where: { companyId, id: experimentId } })
  if (!experiment) throw notFound('This experiment does not exist.')
  if (experiment.status !== 'draft') throw badRequest('Only a draft experiment can be started.')
  const started = await db.$transaction(async (tx) => {
    // Claim the draft first: of two starts at once, one goes on and the other is refused.
    const claimed = await tx.formExperiment.updateMany({
      where: { id: experimentId, companyId, status: 'draft' },
      data: { status: 'running', startedAt: now },
    })
    if (!claimed.count) throw badRequest('Only a draft experiment can be started.')
    await tx.formVersion.updateMany({
      where: {
        companyId,
        formId: experiment.formId,
        OR: [{ experimentId: null }, { experimentId: { not: experimentId } }],
        status: 'live',
      },
      data: { status: 'draft' },
    })
    await tx.formVersion.updateMany({
      where: { companyId, formId: experiment.formId, experimentId },
      data: { status: 'live' },
    })
    await tx.form.updateMany({
      where: { companyId, id: experiment.formId },
      data: { status: 'live', hasBeenLive: true, lastPublishedAt: now },
    })
    return tx.formExperiment.findUniqueOrThrow({ where: { id: experimentId } })
  })
  invalidateLiveForms(companyId)
  if (started.winnerMode === 'automatic') await bookExperimentsJob(now)
  return started
}
