// The reviews screens' writes to their /ajax calls (camelCase both ways, keys not transformed)
// and the failure they report (the server's message and its field errors).
import { http } from '@/lib/client/http'
import { readHttpFailure } from '@/components/auth/http-failure'

const RAW = { transformKeys: false } as const

export const patchJson = <T>(url: string, body: unknown) => http.patch<T>(url, body, RAW).then((r) => r.data)
export const sendJson = <T>(method: 'POST' | 'PUT', url: string, body: unknown) =>
  (method === 'POST' ? http.post<T>(url, body, RAW) : http.put<T>(url, body, RAW)).then((r) => r.data)

export interface SaveResult<T> {
  data?: T
  message?: string | null
  fieldErrors: Record<string, string>
}

/** Runs a write; a refusal comes back as its message and field errors instead of a throw. */
export async function attempt<T>(run: () => Promise<T>): Promise<SaveResult<T>> {
  try {
    return { data: await run(), fieldErrors: {} }
  } catch (e) {
    const f = readHttpFailure(e)
    return { message: f.message, fieldErrors: f.fieldErrors }
  }
}
