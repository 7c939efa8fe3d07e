// One experiment of the global list with its variations' figures, as the screen that runs it
// computes them (campaign variation figures, flow A/B analytics, form experiment results).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { variationFigures } from '@/lib/campaigns/ab-test'
import { abTestAnalytics } from '@/lib/flows/ajax/ab-tests-analytics'
import { experimentResults } from '@/lib/forms/experiments/experiment-results'
import { listExperiments } from './list-experiments'

export interface VariationLine {
  name: string
  recipients: number
  rate: number | null
  confidence: number | null
  isWinner: boolean
}

export async function getExperiment(companyId: number, experimentId: string, now: Date) {
  const row = (await listExperiments(companyId, now)).find((e) => e.id === experimentId)
  if (!row) throw notFound('Experiment not found.')
  const id = experimentId.slice(experimentId.indexOf(':') + 1)
  let variations: VariationLine[] = []
  if (row.source === 'campaign') {
    const names = new Map(
      (
        await db.campaignVariation.findMany({ where: { companyId, campaignId: id }, select: { id: true, name: true } })
      ).map((v) => [v.id, v.name]),
    )
    const figures = await variationFigures(companyId, id, now)
    variations = figures.map((f) => ({
      name: names.get(f.variationId) ?? f.variationId,
      recipients: f.delivered,
      rate: row.metric === 'click_rate' ? f.clickRate : row.metric === 'revenue' ? f.revenuePerRecipient : f.openRate,
      confidence: null,
      isWinner: row.winner === names.get(f.variationId),
    }))
  } else if (row.source === 'flow') {
    const test = await db.flowAbTest.findFirst({ where: { companyId, id }, select: { actionId: true } })
    const a = test ? await abTestAnalytics(companyId, test.actionId, { now }).catch(() => null) : null
    if (a && a.testId === id)
      variations = a.variations.map((v) => ({
        name: v.name ?? v.variationId,
        recipients: v.delivered,
        rate: a.metric === 'click_rate' ? v.clickRate : a.metric === 'open_rate' ? v.openRate : v.revenuePerRecipient,
        confidence: v.significance?.confidence ?? null,
        isWinner: v.isWinner,
      }))
  } else if (row.source === 'form') {
    const r = await experimentResults(companyId, Number(id), now)
    variations = r.variations.map((v) => ({
      name: v.name,
      recipients: v.viewers,
      rate: v.submitRate,
      confidence: v.confidence,
      isWinner: r.experiment.winnerVersionId === v.versionId,
    }))
  }
  return { experiment: row, variations }
}
