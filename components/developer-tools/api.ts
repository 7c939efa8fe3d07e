// The developer tools' /ajax calls and the shapes they answer (the domain's DTOs). Answers are
// read as sent: event properties are the store's own keys and must not be re-cased.
import { http } from '@/lib/client/http'
export type { DashboardDto } from '@/lib/developer-tools/request-log-dashboard'
export type { RequestLogRowDto } from '@/lib/developer-tools/search-request-logs'
export type { RequestLogDetailDto } from '@/lib/developer-tools/get-request-log'
export type { RevisionUsageDto, RevisionAge } from '@/lib/developer-tools/revision-usage'
export type { MetricOverviewDto } from '@/lib/developer-tools/metrics-overview'
export type { DiagnosticsDto } from '@/lib/developer-tools/client-diagnostics'
export type { CallerDto } from '@/lib/developer-tools/callers'
export type { HealthReport as HealthDto } from '@/lib/health/get-health'

export const DEV_TOOLS = '/ajax/developer-tools'

export const fetchJson = <T>(url: string) => http.get<T>(url, { transformKeys: false }).then((r) => r.data)

/** 200–299 green, 4xx amber, 5xx red. */
export function statusVariant(status: number): 'success' | 'warning' | 'danger' | 'neutral' {
  if (status >= 500) return 'danger'
  if (status >= 400) return 'warning'
  if (status >= 200 && status < 300) return 'success'
  return 'neutral'
}
