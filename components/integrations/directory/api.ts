// The app directory's and the imports' /ajax calls and the shapes they answer. Answers are read
// as sent (column names and property names are the merchant's own and must not be re-cased).
import { http } from '@/lib/client/http'
export type { DirectoryItem, AppCategory } from '@/lib/integrations/directory'

export const INTEGRATIONS = '/ajax/integrations'

export const fetchJson = <T>(url: string) => http.get<T>(url, { transformKeys: false }).then((r) => r.data)
export const postJson = <T>(url: string, body?: unknown) =>
  http.post<T>(url, body, { transformKeys: false }).then((r) => r.data)

export interface ImportSummary {
  id: string
  source: 'upload' | 'sftp'
  fileName: string
  kind: 'events' | 'profiles'
  status: 'queued' | 'processing' | 'complete' | 'failed'
  totalRows: number
  importedRows: number
  refusedRows: number
  createdAt: string
  finishedAt: string | null
}

/** Field errors of a 400 answer ({fieldErrors: {"mapping.email": [...]}}), or null. */
export function fieldErrorsOf(e: unknown): Record<string, string[]> | null {
  const data = (e as { data?: { fieldErrors?: Record<string, string[]> } })?.data
  return data?.fieldErrors ?? null
}

/** The message key of an app's name, summary or description (integrations.directory.apps.*). */
export const appText = (id: string, field: 'name' | 'summary' | 'description') => `apps.${id}.${field}`

export function statusVariant(status: string | null): 'success' | 'warning' | 'danger' | 'info' | 'neutral' {
  if (status === 'connected' || status === 'complete') return 'success'
  if (status === 'error' || status === 'failed') return 'danger'
  if (status === 'disconnected') return 'warning'
  if (status === 'syncing' || status === 'processing' || status === 'queued') return 'info'
  return 'neutral'
}
