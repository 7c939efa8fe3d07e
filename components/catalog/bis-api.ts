// The back-in-stock report screens' calls: the report (/ajax/catalog/reports/back-in-stock), a
// variant's subscriptions (/ajax/catalog/back-in-stock/subscriptions) and the scheduled catalog
// reports (/ajax/catalog/scheduled-reports…); keys come back camelCase, dates as ISO strings
// (lib/catalog/reports/back-in-stock.ts, scheduled-reports.ts).
import { http } from '@/lib/client/http'

/** The report's range: last_N_days or YYYY-MM-DD:YYYY-MM-DD (inclusive days, UTC). */
export const RANGE_PRESETS = ['last_7_days', 'last_30_days', 'last_90_days'] as const
export const DEFAULT_RANGE = 'last_30_days'

export interface BisTotals {
  subscriptions: number
  notified: number
  pending: number
  conversions: number
  revenue: number
}
export interface BisVariantRow {
  variantId: string
  itemId: string
  title: string
  sku: string
  inventory: number
  subscriptions: number
  notified: number
  pending: number
  conversions: number
}
export interface BisReport {
  range: { from: string; to: string }
  totals: BisTotals
  variants: BisVariantRow[]
}
export interface BisSubscription {
  id: string
  profileId: string
  email: string | null
  variantId: string
  itemId: string
  channels: string[]
  createdAt: string
  notifiedAt: string | null
}

export const REPORT_KINDS = ['back_in_stock', 'price_drop', 'low_inventory'] as const
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]
export type Frequency = (typeof FREQUENCIES)[number]
export interface ScheduledReport {
  id: string
  name: string
  kind: ReportKind
  flowId: string | null
  frequency: Frequency
  nextSendAt: string | null
  lastSentAt: string | null
  createdAt: string
}
export interface ScheduledReportInput {
  name: string
  kind: ReportKind
  flowId: string | null
  frequency: Frequency
}
export interface FlowOption {
  id: string
  name: string
  triggerType: string
}

const one = (id: string) => `/ajax/catalog/scheduled-reports/${encodeURIComponent(id)}`
export const bisApi = {
  report: (daterange: string) =>
    http.get<BisReport>('/ajax/catalog/reports/back-in-stock', { params: { daterange } }).then((r) => r.data),
  subscriptions: (variantId: string) =>
    http
      .get<{ subscriptions: BisSubscription[] }>('/ajax/catalog/back-in-stock/subscriptions', {
        params: { variantId, limit: 100 },
      })
      .then((r) => r.data.subscriptions),
  listScheduled: () =>
    http.get<{ reports: ScheduledReport[] }>('/ajax/catalog/scheduled-reports').then((r) => r.data.reports),
  addScheduled: (body: ScheduledReportInput) =>
    http.post<{ report: ScheduledReport }>('/ajax/catalog/scheduled-reports', body).then((r) => r.data.report),
  editScheduled: (id: string, body: ScheduledReportInput) =>
    http.post<{ report: ScheduledReport }>(one(id), body).then((r) => r.data.report),
  deleteScheduled: (id: string) => http.delete(one(id)),
  sendScheduled: (id: string) =>
    http.post<{ sent: number; recipients: string[] }>(`${one(id)}/send`).then((r) => r.data),
  /** Every flow (for the low-inventory report's flow); needs flows_read. */
  flows: () => http.get<{ flows: FlowOption[] }>('/ajax/flows').then((r) => r.data.flows),
}

export const isLowInventoryFlow = (f: FlowOption) => f.triggerType.toLowerCase() === 'low inventory'
