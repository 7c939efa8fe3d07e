// Every A/B test of the account in one list (/experiments): campaign A/B tests (Campaign.abTest
// with the decision the campaigns' winner job stored), flow A/B tests (FlowAbTest, confidence
// from the flows' own analytics), form experiments (FormExperiment, confidence from the forms'
// results) and the flow holdout experiment. Each row links to the screen that runs it; the
// confidence is the leader's against the closest other variation (the weakest of its wins).
import { db } from '@/lib/db/client'
import { abTestAnalytics } from '@/lib/flows/ajax/ab-tests-analytics'
import { experimentResults } from '@/lib/forms/experiments/experiment-results'

export type ExperimentSource = 'campaign' | 'flow' | 'form' | 'flow_holdout'
export interface ExperimentRow {
  /** '<source>:<id>', the :experimentId of /experiments/global/:experimentId. */
  id: string
  source: ExperimentSource
  name: string
  /** draft | running | completed */
  status: 'draft' | 'running' | 'completed'
  metric: string | null
  variations: number
  winner: string | null
  confidence: number | null
  significant: boolean | null
  startedAt: string | null
  endedAt: string | null
  href: string
}

const LIMIT = 100

interface CampaignAb {
  metric?: string
  winnerVariationId?: string | null
  confidenceReached?: number | null
  significant?: boolean
  decidedAt?: string
}

async function campaignExperiments(companyId: number): Promise<ExperimentRow[]> {
  const rows = await db.campaign.findMany({
    where: { companyId, abTest: { not: null }, archived: false },
    select: { id: true, name: true, status: true, abTest: true, sendStartedAt: true },
    orderBy: { updatedAt: 'desc' },
    take: LIMIT,
  })
  const variations = await db.campaignVariation.findMany({
    where: { companyId, campaignId: { in: rows.map((r) => r.id) } },
    select: { id: true, campaignId: true, name: true },
  })
  return rows.map((c) => {
    let ab: CampaignAb = {}
    try {
      ab = JSON.parse(c.abTest!) as CampaignAb
    } catch {}
    const mine = variations.filter((v) => v.campaignId === c.id)
    const winner = ab.winnerVariationId ? (mine.find((v) => v.id === ab.winnerVariationId)?.name ?? null) : null
    const status = ab.winnerVariationId ? 'completed' : c.sendStartedAt ? 'running' : 'draft'
    return {
      id: `campaign:${c.id}`,
      source: 'campaign',
      name: c.name,
      status,
      metric: ab.metric ?? 'open_rate',
      variations: mine.length,
      winner,
      confidence: ab.confidenceReached ?? null,
      significant: ab.significant ?? null,
      startedAt: c.sendStartedAt?.toISOString() ?? null,
      endedAt: ab.decidedAt ?? null,
      href: `/campaign/${c.id}/reports/overview`,
    }
  })
}

async function flowExperiments(companyId: number, now: Date): Promise<ExperimentRow[]> {
  const tests = await db.flowAbTest.findMany({ where: { companyId }, orderBy: { createdAt: 'desc' }, take: LIMIT })
  const flows = await db.flow.findMany({
    where: { companyId, id: { in: [...new Set(tests.map((t) => t.flowId))] } },
    select: { id: true, name: true },
  })
  const flowName = new Map(flows.map((f) => [f.id, f.name]))
  // The flows' analytics read the current test of an action: one call per action, for its newest test.
  const analytics = new Map<string, Awaited<ReturnType<typeof abTestAnalytics>> | null>()
  for (const t of tests) {
    if (analytics.has(t.actionId)) continue
    analytics.set(t.actionId, await abTestAnalytics(companyId, t.actionId, { now }).catch(() => null))
  }
  return tests.map((t) => {
    const a = analytics.get(t.actionId)
    const current = a && a.testId === t.id ? a : null
    const known = (current?.variations ?? [])
      .map((v) => v.significance?.confidence)
      .filter((c): c is number => typeof c === 'number')
    const confidence = known.length ? Math.min(...known) : null
    const winnerId = t.winnerVariationId
    const winner = winnerId ? (current?.variations.find((v) => v.variationId === winnerId)?.name ?? winnerId) : null
    return {
      id: `flow:${t.id}`,
      source: 'flow',
      name: flowName.get(t.flowId) ?? t.flowId,
      status: t.status === 'live' ? 'running' : t.status === 'completed' ? 'completed' : 'draft',
      metric: t.metric,
      variations: current?.variations.length ?? 0,
      winner,
      confidence,
      significant: confidence === null ? null : confidence >= t.confidence,
      startedAt: t.startedAt?.toISOString() ?? null,
      endedAt: t.endedAt?.toISOString() ?? null,
      href: `/flow/${t.flowId}/edit`,
    }
  })
}

async function formExperiments(companyId: number, now: Date): Promise<ExperimentRow[]> {
  const rows = await db.formExperiment.findMany({
    where: { companyId },
    include: { form: { select: { name: true } } },
    orderBy: { createdAt: 'desc' },
    take: LIMIT,
  })
  const out: ExperimentRow[] = []
  for (const e of rows) {
    const r = await experimentResults(companyId, e.id, now)
    const others = r.variations.filter((v) => v.confidence !== null)
    const winner = r.variations.find((v) => v.versionId === e.winnerVersionId)
    out.push({
      id: `form:${e.id}`,
      source: 'form',
      name: `${e.form.name}: ${e.name}`,
      status: e.status === 'running' ? 'running' : e.status === 'completed' ? 'completed' : 'draft',
      metric: 'submit_rate',
      variations: r.variations.length,
      winner: winner?.name ?? null,
      confidence: others.length ? Math.min(...others.map((v) => v.confidence!)) : null,
      significant: r.significant,
      startedAt: e.startedAt?.toISOString() ?? null,
      endedAt: e.endedAt?.toISOString() ?? null,
      href: `/forms/${e.formId}/reports/tests/${e.id}`,
    })
  }
  return out
}

async function holdoutExperiment(companyId: number): Promise<ExperimentRow[]> {
  const h = await db.flowHoldoutExperiment.findUnique({ where: { companyId } })
  if (!h) return []
  return [
    {
      id: `flow_holdout:${h.experimentId}`,
      source: 'flow_holdout',
      name: `Flow holdout (${h.percent} %)`,
      status: 'running',
      metric: 'placed_order',
      variations: 2,
      winner: null,
      confidence: null,
      significant: null,
      startedAt: null,
      endedAt: null,
      href: '/flows',
    },
  ]
}

export async function listExperiments(companyId: number, now: Date): Promise<ExperimentRow[]> {
  const parts = await Promise.all([
    campaignExperiments(companyId),
    flowExperiments(companyId, now),
    formExperiments(companyId, now),
    holdoutExperiment(companyId),
  ])
  const order = { running: 0, draft: 1, completed: 2 }
  return parts
    .flat()
    .sort(
      (a, b) =>
        order[a.status] - order[b.status] ||
        (b.startedAt ?? '').localeCompare(a.startedAt ?? '') ||
        a.id.localeCompare(b.id),
    )
}
