import { isHttpError } from '@/lib/client/http'

/** The 400 answer's field errors ({ "redirectUris.0": [...] }), or null for any other failure. */
export function fieldErrorsOf(e: unknown): Record<string, string[]> | null {
  if (!isHttpError(e) || e.status !== 400) return null
  const data = e.data as { fieldErrors?: Record<string, string[]> } | undefined
  return data?.fieldErrors ?? {}
}
