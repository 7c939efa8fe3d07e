// The analytics screens' calls to /ajax/analytics (lib/analytics). Responses are camelCase
// already and report rows carry property values as keys nowhere, so keys are not transformed.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type { ReportDefinitionInput } from '@/lib/analytics/report-definition'
import type { ReportResult } from '@/lib/analytics/run-report'
import type { CardData } from '@/lib/analytics/card-data'
import type { CardSpec, CardSpecInput } from '@/lib/analytics/dashboard-card-spec'
import type { ResolvedLibraryEntry } from '@/lib/analytics/report-library'

export type { ReportDefinitionInput, ReportResult, CardData, CardSpec, CardSpecInput, ResolvedLibraryEntry }

const RAW = { transformKeys: false } as const

export interface RunView {
  id: string
  reportId: string | null
  status: 'queued' | 'running' | 'complete' | 'failed'
  progress: number
  definition: ReportDefinitionInput
  result: ReportResult | null
  error: string | null
  trigger: string
  createdAt: string
  finishedAt: string | null
}

export interface SavedReport {
  id: string
  name: string
  description: string | null
  definition: ReportDefinitionInput
  shared: boolean
  schedule: 'none' | 'daily' | 'weekly' | 'monthly'
  recipients: string[]
  nextRunAt: string | null
  lastRunAt: string | null
  updatedAt: string
}

export interface DashboardCardView {
  id: string
  position: number
  spec: CardSpec
}
export interface DashboardView {
  id: string
  name: string
  isDefault: boolean
  cards?: DashboardCardView[]
}

export const getJson = <T>(url: string) => http.get<T>(url, RAW).then((r) => r.data)
export const postJson = <T>(url: string, body?: unknown) => http.post<T>(url, body ?? {}, RAW).then((r) => r.data)
export const putJson = <T>(url: string, body: unknown) => http.put<T>(url, body, RAW).then((r) => r.data)
export const patchJson = <T>(url: string, body: unknown) => http.patch<T>(url, body, RAW).then((r) => r.data)
export const deleteJson = (url: string) => http.delete(url, RAW)

export function useAnalytics<T>(url: string | null) {
  return useSWR<T>(url, () => getJson<T>(url!), { keepPreviousData: true })
}

export interface MetricOption {
  id: string
  name: string
}

export function useMetricOptions() {
  return useAnalytics<{ metrics: MetricOption[] }>('/ajax/data/metrics')
}

/** Polls a run until it completes or fails (the worker writes its progress). */
export async function waitForRun(run: RunView, onProgress: (r: RunView) => void): Promise<RunView> {
  let r = run
  while (r.status === 'queued' || r.status === 'running') {
    onProgress(r)
    await new Promise((done) => setTimeout(done, 1000))
    r = await getJson<RunView>(`/ajax/analytics/runs/${r.id}`)
  }
  return r
}

export const csvUrl = (runId: string) => `/ajax/analytics/runs/${runId}/csv`
