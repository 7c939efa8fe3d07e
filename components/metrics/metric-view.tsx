// Server side of /metric/{metricId}/{metricSlug}: the metric of the current company (else 404).
import { notFound } from 'next/navigation'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { getMetricHeader } from '@/lib/profile-view/get-metric-header'
import { safeTimeZone } from '@/lib/profile-view/zoned-time'
import { MetricScreen } from './metric-screen'
import { parseMetricView } from './metric-url-state'

export async function MetricView({ metricId, search }: { metricId: string; search: URLSearchParams }) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const metric = await getMetricHeader(p.companyId, metricId)
  if (!metric) notFound()
  return (
    <MetricScreen
      metric={metric}
      canExport={p.resources.has('metrics_export')}
      timeZone={safeTimeZone(p.company.timezone)}
      initial={parseMetricView(search, { hasValues: metric.hasValues })}
    />
  )
}
