// The metric screens' calls to the metrics engine's /ajax/data endpoints (seed 002 §7.9).
// Responses are already camelCase and event properties keep their own names: no key transform.
import { http } from '@/lib/client/http'
import type { Timeframe } from '@/lib/metrics/timeframe'

const RAW = { transformKeys: false } as const

export interface MetricListItem {
  id: string
  name: string
  integration: string
  integrationCategory: string | null
  createdAt: string
  updatedAt: string
  eventCount: number
  lastEventAt: string | null
}

export interface MetricChart {
  metric: { id: string; name: string }
  timeframe: Timeframe
  granularity: string
  measurement: 'count' | 'unique' | 'sum_value'
  timeZone: string
  start: string
  end: string
  dates: string[]
  series: Array<{ dimension: string | null; isOther: boolean; values: number[]; total: number }>
  total: number
}

export type DimensionTriple = [value: string, label: string, type: string]

export interface MetricFeedEvent {
  id: number
  time: string
  value: number | null
  currency: string | null
  uniqueId: string | null
  metric: { id: string; name: string }
  profile: {
    id: string
    email: string | null
    phoneNumber: string | null
    firstName: string | null
    lastName: string | null
    name: string | null
  }
  properties: Record<string, unknown>
}

export interface MetricFeedPage {
  events: MetricFeedEvent[]
  page: number
  pageSize: number
  hasNext: boolean
}

export const metricBase = (id: string) => `/ajax/data/metric/${encodeURIComponent(id)}`

export const getJson = <T>(url: string, params?: Record<string, string | number | undefined>) =>
  http.get<T>(url, { ...RAW, params }).then((r) => r.data)

export const startExport = (id: string, body: { timeframe: Timeframe; start?: string; end?: string }) =>
  http.post<{ workerId: number; downloadId: number }>(`${metricBase(id)}/export`, body, RAW).then((r) => r.data)

/** The engine's measurement letters (seed 002 §3.5): count c, unique q, value v. */
export const MEASUREMENTS = [
  { key: 'count', letter: 'c' },
  { key: 'unique', letter: 'q' },
  { key: 'value', letter: 'v' },
] as const
export type MeasurementKey = (typeof MEASUREMENTS)[number]['key']
