// The insights screens' calls to /ajax/insights (lib/insights); responses are camelCase already
// and the movement matrix is keyed by group names, so keys are not transformed.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type { RfmResult } from '@/lib/insights/get-rfm'
import type { CohortResult } from '@/lib/insights/get-cohorts'
import type { FunnelResult } from '@/lib/insights/get-funnel'
import type { ProductInsights } from '@/lib/insights/get-product-insights'
import type { SavedCohort } from '@/lib/insights/saved-cohorts'

export type { RfmResult, CohortResult, FunnelResult, ProductInsights, SavedCohort }
export type AudienceResult = Awaited<ReturnType<typeof import('@/lib/insights/get-audience').getAudience>>

const RAW = { transformKeys: false } as const
type Params = Record<string, string | number | undefined>

export const getJson = <T>(url: string, params?: Params) => http.get<T>(url, { ...RAW, params }).then((r) => r.data)
export const postJson = <T>(url: string, body: unknown) => http.post<T>(url, body, RAW).then((r) => r.data)

/** SWR over one insights endpoint; the params are part of the key. */
export function useInsight<T>(url: string | null, params?: Params) {
  return useSWR(url ? [url, JSON.stringify(params ?? {})] : null, () => getJson<T>(url!, params), {
    keepPreviousData: true,
  })
}

export const isoDay = (d: Date) => d.toISOString().slice(0, 10)
export const daysBefore = (days: number, from = new Date()) => isoDay(new Date(from.getTime() - days * 86_400_000))

export const putJson = <T>(url: string, body: unknown) => http.put<T>(url, body, RAW).then((r) => r.data)
export const deleteJson = <T>(url: string) => http.delete<T>(url, RAW).then((r) => r.data)
