// The CLV screen's calls: GET /ajax/predictive/clv (polled while a refit is queued) and the
// refit itself; the one-click segments go through POST /ajax/group like the segment builder.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type { ClvOverview } from '@/lib/predictive/get-clv-overview'

export type { ClvOverview }
const RAW = { transformKeys: false } as const

export function useClvOverview(polling: boolean) {
  return useSWR('/ajax/predictive/clv', () => http.get<ClvOverview>('/ajax/predictive/clv', RAW).then((r) => r.data), {
    refreshInterval: polling ? 2000 : 0,
    keepPreviousData: true,
  })
}

export const requestRefit = () => http.post<{ jobId: number }>('/ajax/predictive/refit', {}, RAW).then((r) => r.data)
