// Maps a business figure to a metric or a custom metric (/api/mapped-metrics/{id},
// /ajax/insights/mapped-metrics). Revenue is the attribution settings' conversion metric, so
// mapping it writes those settings; the use case lives here rather than beside the reads in
// lib/metrics/mapped-metrics.ts so lib/metrics never imports lib/attribution, which builds on it
// (issue 30, the folder import cycle).
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import { getMappedMetric, isMappedKind, MAPPED_KINDS, type MappedMetricRow } from '@/lib/metrics/mapped-metrics'
import { saveAttributionSettings } from './settings'

/** Maps a figure to a metric or a custom metric of the company (neither: unmapped; revenue: back to Placed Order). */
export async function updateMappedMetric(
  companyId: number,
  kind: string,
  to: { metricId?: string | null; customMetricId?: string | null },
): Promise<MappedMetricRow> {
  if (!isMappedKind(kind))
    throw notFound(`A mapped metric with id ${kind} was not found. Mapped metrics: ${MAPPED_KINDS.join(', ')}.`)
  if (to.metricId && to.customMetricId)
    throw badRequest('Map the figure to a metric or to a custom metric, not both.', {
      'custom-metric': ['Give either metric or custom-metric.'],
    })
  if (to.metricId && !(await db.metric.findFirst({ where: { companyId, id: to.metricId }, select: { id: true } }))) {
    throw notFound(`A metric with id ${to.metricId} was not found.`)
  }
  if (
    to.customMetricId &&
    !(await db.customMetric.findFirst({ where: { companyId, id: to.customMetricId }, select: { id: true } }))
  ) {
    throw notFound(`A custom metric with id ${to.customMetricId} was not found.`)
  }
  if (kind === 'revenue') {
    // Attribution credits one metric's events to messages; a combination has no events to credit.
    if (to.customMetricId)
      throw new AppError('invalid', 400, 'Revenue is the attribution conversion metric and must be a single metric.', {
        'custom-metric': ['Revenue must be mapped to a metric, not a custom metric.'],
      })
    await saveAttributionSettings(companyId, { conversionMetricId: to.metricId ?? null })
  } else {
    const data = { metricId: to.metricId ?? null, customMetricId: to.customMetricId ?? null, updatedAt: new Date() }
    await db.mappedMetric.upsert({
      where: { companyId_kind: { companyId, kind } },
      create: { companyId, kind, ...data },
      update: data,
    })
  }
  return getMappedMetric(companyId, kind)
}
