// The calls of the deliverability, monitors, goals and experiments screens to their /ajax
// endpoints; the responses are camelCase already, so keys are not transformed.
import useSWR from 'swr'
import { http } from '@/lib/client/http'

const RAW = { transformKeys: false } as const
type Params = Record<string, string | number | undefined>

export const getJson = <T>(url: string, params?: Params) => http.get<T>(url, { ...RAW, params }).then((r) => r.data)
export const postJson = <T>(url: string, body: unknown) => http.post<T>(url, body, RAW).then((r) => r.data)
export const putJson = <T>(url: string, body: unknown) => http.put<T>(url, body, RAW).then((r) => r.data)
export const deleteJson = (url: string) => http.delete(url, RAW)

export function useOps<T>(url: string | null, params?: Params) {
  return useSWR(url ? [url, JSON.stringify(params ?? {})] : null, () => getJson<T>(url!, params), {
    keepPreviousData: true,
  })
}

export const pct = (v: number, digits = 2) => `${(v * 100).toFixed(digits)} %`
