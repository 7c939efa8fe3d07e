// The results of a form experiment per variation since it started (until it ended): distinct
// viewers, distinct submitters, submit rate, and the confidence that the leader's rate beats
// each other variation's (the two-proportion z-test of lib/experiments, as campaigns use).
// Read with the form reports' grouped query, so it agrees with /api/form-values-reports.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { twoProportionZTest } from '@/lib/experiments/significance'
import { formStatistics } from '@/lib/forms/reports/form-statistics'
import { CONFIDENCE, MIN_VIEWERS } from './experiment-rules'

export interface VariationResult {
  versionId: number
  name: string
  weight: number
  status: string
  viewers: number
  views: number
  submitters: number
  submits: number
  submitRate: number
  /** Confidence that the leader beats this variation (null for the leader or with no data). */
  confidence: number | null
}

export interface ExperimentResults {
  experiment: {
    id: number
    formId: string
    name: string
    status: string
    winnerMode: string
    winnerVersionId: number | null
    startedAt: string | null
    endedAt: string | null
    createdAt: string
  }
  variations: VariationResult[]
  leaderVersionId: number | null
  /** Whether the leader beats every other variation with the required confidence and sample. */
  significant: boolean
  minViewers: number
  confidenceThreshold: number
}

export async function experimentResults(
  companyId: number,
  experimentId: number,
  now: Date,
): Promise<ExperimentResults> {
  const e = await db.formExperiment.findFirst({ where: { companyId, id: experimentId } })
  if (!e) throw notFound('This experiment does not exist.')
  const versions = await db.formVersion.findMany({
    where: { companyId, formId: e.formId, experimentId },
    select: { id: true, variationName: true, weight: true, status: true },
    orderBy: { id: 'asc' },
  })
  const counts = new Map<number, { viewers: number; views: number; submitters: number; submits: number }>()
  if (e.startedAt && versions.length) {
    const end = e.endedAt ?? now
    if (end > e.startedAt) {
      const { groups } = await formStatistics(companyId, {
        range: { start: e.startedAt, end },
        timeZone: 'UTC',
        interval: null,
        groupBy: ['form_id', 'form_version_id'],
        formIds: [e.formId],
        versionIds: versions.map((v) => String(v.id)),
      })
      for (const g of groups) {
        const c = g.buckets[0]!
        counts.set(g.versionId!, {
          viewers: c.viewed_form.uniques,
          views: c.viewed_form.total,
          submitters: c.submits.uniques,
          submits: c.submits.total,
        })
      }
    }
  }
  const rows = versions.map((v) => {
    const c = counts.get(v.id) ?? { viewers: 0, views: 0, submitters: 0, submits: 0 }
    // The rate the test compares: distinct submitters of distinct viewers (one visitor, one trial).
    return {
      versionId: v.id,
      name: v.variationName,
      weight: v.weight,
      status: v.status,
      ...c,
      submitRate: c.viewers ? Math.min(1, c.submitters / c.viewers) : 0,
      confidence: null as number | null,
    }
  })
  const leader = rows
    .filter((r) => r.viewers > 0)
    .sort((a, b) => b.submitRate - a.submitRate || b.viewers - a.viewers)[0]
  for (const r of rows) {
    if (!leader || r === leader) continue
    r.confidence = twoProportionZTest(
      Math.min(leader.submitters, leader.viewers),
      leader.viewers,
      Math.min(r.submitters, r.viewers),
      r.viewers,
    ).confidence
    if (leader.submitRate === r.submitRate) r.confidence = 0
  }
  const significant =
    !!leader &&
    rows.length > 1 &&
    rows.every((r) => r.viewers >= MIN_VIEWERS) &&
    rows.every((r) => r === leader || (r.confidence ?? 0) >= CONFIDENCE)
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    experiment: {
      id: e.id,
      formId: e.formId,
      name: e.name,
      status: e.status,
      winnerMode: e.winnerMode,
      winnerVersionId: e.winnerVersionId,
      startedAt: iso(e.startedAt),
      endedAt: iso(e.endedAt),
      createdAt: e.createdAt.toISOString(),
    },
    variations: rows,
    leaderVersionId: leader?.versionId ?? null,
    significant,
    minViewers: MIN_VIEWERS,
    confidenceThreshold: CONFIDENCE,
  }
}
