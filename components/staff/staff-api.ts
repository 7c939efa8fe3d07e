// The staff screens' calls to /ajax/staff/*; answers are camelCase already.
import { http } from '@/lib/client/http'

export const staffGet = <T>(url: string) => http.get<T>(url, { transformKeys: false }).then((r) => r.data)
export const staffSend = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  http.request<T>(method, url, body, { transformKeys: false }).then((r) => r.data)

export const accountUrl = (companyId: number, tool: string) => `/ajax/staff/account/${companyId}/${tool}`

/** The message of a failed call, with the field errors of a 400 when there are. */
export function errorText(e: unknown): string {
  const data = (e as { data?: { message?: string; fieldErrors?: Record<string, string[]> } }).data
  const fields = data?.fieldErrors ? Object.values(data.fieldErrors).flat().join(' ') : ''
  return [data?.message ?? (e as Error).message, fields].filter(Boolean).join(' ')
}

/** A 403 no_consent answer: the account has not granted staff access. */
export const isNoConsent = (e: unknown) => (e as { data?: { error?: string } }).data?.error === 'no_consent'
