// The form report screens' calls (app/ajax/forms-reports, app/ajax/form-experiments). Keys are
// camelCase on both sides already, so no key transformation.
import { http } from '@/lib/client/http'
import type { FormOverviewResponse } from '@/app/ajax/forms-reports/[formId]/overview/route'
import type { FormExperimentsResponse } from '@/app/ajax/form-experiments/route'
import type { FormExperimentResponse } from '@/app/ajax/form-experiments/[experimentId]/route'

const enc = encodeURIComponent
const raw = { transformKeys: false } as const

export type { FormOverviewResponse, FormExperimentsResponse, FormExperimentResponse }
export const OVERVIEW_TIMEFRAMES = ['last_7_days', 'last_30_days', 'last_90_days', 'last_365_days'] as const
export type OverviewTimeframe = (typeof OVERVIEW_TIMEFRAMES)[number]

export interface NewExperiment {
  name: string
  winnerMode: 'automatic' | 'manual'
  variations: Array<{ versionId: number; weight: number }>
}

export const reportsApi = {
  overviewKey: (formId: string, timeframe: OverviewTimeframe) =>
    `/ajax/forms-reports/${enc(formId)}/overview?timeframe=${timeframe}`,
  experimentsKey: (formId: string) => `/ajax/form-experiments?formId=${enc(formId)}`,
  experimentKey: (id: number | string) => `/ajax/form-experiments/${enc(String(id))}`,
  get: <T>(url: string) => http.get<T>(url, raw).then((r) => r.data),
  create: (formId: string, body: NewExperiment) =>
    http.post<{ id: number }>('/ajax/form-experiments', { formId, ...body }, raw).then((r) => r.data),
  start: (id: number) =>
    http.post<{ id: number; status: string }>(`/ajax/form-experiments/${id}/start`, {}, raw).then((r) => r.data),
  end: (id: number, winnerVersionId: number) =>
    http.post(`/ajax/form-experiments/${id}/end`, { winnerVersionId }, raw).then((r) => r.data),
}
