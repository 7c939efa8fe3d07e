// The public API's route handlers behind route-table's router, in-process (dispatch) or as a real
// HTTP server on 127.0.0.1 (for the official SDK). Paths match with or without a trailing
// slash, as Next serves them with skipTrailingSlashRedirect.
import { routeTable, type RouteModule, type RouteServer } from './route-table'
import { createApiKey } from '@/lib/api-keys/create-api-key'
import * as events from '@/app/api/events/route'
import * as event from '@/app/api/events/[id]/route'
import * as profiles from '@/app/api/profiles/route'
import * as profile from '@/app/api/profiles/[id]/route'
import * as profileImport from '@/app/api/profile-import/route'
import * as lists from '@/app/api/lists/route'
import * as list from '@/app/api/lists/[id]/route'
import * as listProfiles from '@/app/api/lists/[id]/profiles/route'
import * as listRelationships from '@/app/api/lists/[id]/relationships/profiles/route'
import * as segments from '@/app/api/segments/route'
import * as segment from '@/app/api/segments/[id]/route'
import * as segmentProfiles from '@/app/api/segments/[id]/profiles/route'
import * as metrics from '@/app/api/metrics/route'
import * as metric from '@/app/api/metrics/[id]/route'
import * as metricAggregates from '@/app/api/metric-aggregates/route'
import * as bulkSubscribe from '@/app/api/profile-subscription-bulk-create-jobs/route'
import * as bulkImport from '@/app/api/profile-bulk-import-jobs/route'
import * as bulkImportJob from '@/app/api/profile-bulk-import-jobs/[id]/route'
import * as clientEvents from '@/app/client/events/route'
import * as clientProfiles from '@/app/client/profiles/route'
import * as clientSubscriptions from '@/app/client/subscriptions/route'
import * as campaignValuesReports from '@/app/api/campaign-values-reports/route'
import * as flowValuesReports from '@/app/api/flow-values-reports/route'
import * as flowSeriesReports from '@/app/api/flow-series-reports/route'
import * as segmentValuesReports from '@/app/api/segment-values-reports/route'
import * as segmentSeriesReports from '@/app/api/segment-series-reports/route'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/events', events],
  ['/api/events/:id', event],
  ['/api/profiles', profiles],
  ['/api/profiles/:id', profile],
  ['/api/profile-import', profileImport],
  ['/api/lists', lists],
  ['/api/lists/:id', list],
  ['/api/lists/:id/profiles', listProfiles],
  ['/api/lists/:id/relationships/profiles', listRelationships],
  ['/api/segments', segments],
  ['/api/segments/:id', segment],
  ['/api/segments/:id/profiles', segmentProfiles],
  ['/api/metrics', metrics],
  ['/api/metrics/:id', metric],
  ['/api/metric-aggregates', metricAggregates],
  ['/api/profile-subscription-bulk-create-jobs', bulkSubscribe],
  ['/api/profile-bulk-import-jobs', bulkImport],
  ['/api/profile-bulk-import-jobs/:id', bulkImportJob],
  ['/client/events', clientEvents],
  ['/client/profiles', clientProfiles],
  ['/client/subscriptions', clientSubscriptions],
  ['/api/campaign-values-reports', campaignValuesReports],
  ['/api/flow-values-reports', flowValuesReports],
  ['/api/flow-series-reports', flowSeriesReports],
  ['/api/segment-values-reports', segmentValuesReports],
  ['/api/segment-series-reports', segmentSeriesReports],
]

const table = routeTable(TABLE)

/** Routes a WHATWG Request to its handler, as Next's router would. */
export const dispatch = table.dispatch

export interface ApiCall {
  key?: string
  body?: unknown
  /** Raw body text (overrides body). */
  raw?: string
  contentType?: string | null
  headers?: Record<string, string>
  origin?: string
}

/** One call as an API client sends it: Klaviyo-API-Key, revision, JSON:API body. */
export function apiRequest(method: string, path: string, call: ApiCall = {}): Request {
  const headers: Record<string, string> = {
    accept: 'application/vnd.api+json',
    revision: '2026-07-15',
    ...call.headers,
  }
  if (call.key) headers.authorization = `Klaviyo-API-Key ${call.key}`
  const text = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body))
  if (text !== undefined && call.contentType !== null)
    headers['content-type'] = call.contentType ?? 'application/vnd.api+json'
  return new Request(new URL(path, call.origin ?? 'http://localhost:3000'), { method, headers, body: text })
}

export async function api(method: string, path: string, call: ApiCall = {}) {
  const res = await dispatch(apiRequest(method, path, call))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: res.status, headers: res.headers, json, text }
}

export async function makeApiKey(companyId: number, scopes: string[] = []) {
  return (await createApiKey(companyId, { label: 'test key', scopes })).key
}

export type { RouteServer }

/** A real HTTP server on 127.0.0.1 and a random port, serving the API handlers. */
export function startRouteServer(): Promise<RouteServer> {
  return table.start()
}
