// The catalog sources screens' calls (/ajax/catalog/sources, /sync, /resync); keys come back
// camelCase and dates as ISO strings (lib/catalog/sources/sync.ts SourceRow, SyncRow).
import { http } from '@/lib/client/http'

export type SyncStatus = 'queued' | 'running' | 'complete' | 'failed'
export interface SyncEntryError {
  index: number
  externalId: string | null
  message: string
}
export interface CatalogSync {
  id: string
  sourceId: string
  status: SyncStatus
  full: boolean
  added: number
  updated: number
  unchanged: number
  unpublished: number
  failed: number
  error: string | null
  entryErrors: SyncEntryError[]
  startedAt: string | null
  finishedAt: string | null
  createdAt: string
}
export interface CatalogSource {
  id: string
  name: string
  kind: 'feed' | 'csv'
  url: string | null
  format: 'json' | 'xml' | 'csv'
  scheduleHours: number
  nextSyncAt: string | null
  lastSyncAt: string | null
  lastStatus: SyncStatus | null
  createdAt: string
}
export interface CatalogSourceSummary extends CatalogSource {
  itemCount: number
  publishedCount: number
  lastSync: CatalogSync | null
}
export interface NewFeedSource {
  name: string
  url: string
  format: 'json' | 'xml'
  scheduleHours: number
}

/** A sync still to finish: its page and the list poll until it does. */
export const isPending = (status: string | null | undefined) => status === 'queued' || status === 'running'

const enc = encodeURIComponent
export const sourcesApi = {
  list: () => http.get<{ sources: CatalogSourceSummary[] }>('/ajax/catalog/sources').then((r) => r.data.sources),
  get: (id: string) =>
    http.get<{ source: CatalogSource; syncs: CatalogSync[] }>(`/ajax/catalog/sources/${enc(id)}`).then((r) => r.data),
  createFeed: (body: NewFeedSource) =>
    http.post<{ source: CatalogSource; syncId: string }>('/ajax/catalog/sources', body).then((r) => r.data),
  /** Multipart with `file` (and an optional `name`): applied at once. */
  uploadCsv: (form: FormData) =>
    http.post<{ source: CatalogSource; sync: CatalogSync }>('/ajax/catalog/sources', form).then((r) => r.data),
  /** full: a resync, every entry rewritten (marked full in the history). */
  sync: (sourceId: string, full = false) =>
    http
      .post<{ syncId: string }>(full ? '/ajax/catalog/resync' : '/ajax/catalog/sync', { sourceId })
      .then((r) => r.data.syncId),
  getSync: (syncId: string) =>
    http.get<{ sync: CatalogSync }>(`/ajax/catalog/sync/${enc(syncId)}`).then((r) => r.data.sync),
}
