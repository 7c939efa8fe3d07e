// POST /api/form-values-reports and /api/form-series-reports: the request is read by the
// reporting API's shared parser (statistics, timeframe in the company's zone, interval limits,
// group_by with form_id required, equals/any filters, each problem a JSON:API error with its
// pointer); the figures come from formStatistics.
import { apiDateTime, type ParsedRequest, type ReportSpec } from '@/lib/reporting/report-request'
import { FORM_STATISTICS, formStatistics, statistic, type FormGroupBy, type FormStatistic } from './form-statistics'

const FILTER_OPS = ['equals', 'any'] as const

export const formReportSpec = (series: boolean): ReportSpec => ({
  type: series ? 'form-series-report' : 'form-values-report',
  statistics: FORM_STATISTICS,
  conversionMetric: false,
  series,
  groupBy: { allowed: ['form_id', 'form_version_id'], required: ['form_id'], default: ['form_id'] },
  filters: { form_id: FILTER_OPS, form_version_id: FILTER_OPS },
})

export async function formReport(companyId: number, p: ParsedRequest) {
  const { starts, groups } = await formStatistics(companyId, {
    range: p.range,
    timeZone: p.timeZone,
    interval: p.interval,
    groupBy: p.groupBy as FormGroupBy[],
    formIds: p.filter.form_id,
    versionIds: p.filter.form_version_id,
  })
  const stats = p.statistics as FormStatistic[]
  const results = groups.map((g) => ({
    groupings: { form_id: g.formId, ...(g.versionId !== null ? { form_version_id: String(g.versionId) } : {}) },
    statistics: Object.fromEntries(
      stats.map((s) => [s, p.interval ? g.buckets.map((c) => statistic(c, s)) : statistic(g.buckets[0]!, s)]),
    ),
  }))
  return {
    data: {
      type: p.interval ? 'form-series-report' : 'form-values-report',
      attributes: { results, ...(p.interval ? { date_times: starts.map(apiDateTime) } : {}) },
    },
  }
}
