// Browser-side error reporting: sends an uncaught render error with its route path to the server
// (POST /ajax/client-errors), which passes it to the one error reporter. Best effort by design:
// reporting must never throw or cause a second error screen.
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/auth/config'

export const CLIENT_ERRORS_URL = '/ajax/client-errors'

// Error boundaries can render more than once (Strict Mode, retries); report each error once.
const reported = new WeakSet<object>()

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined
}

export function reportClientError(error: unknown, routePath?: string): void {
  if (typeof window === 'undefined' || typeof fetch !== 'function') return
  if (error && typeof error === 'object') {
    if (reported.has(error)) return
    reported.add(error)
  }
  const e = error instanceof Error ? error : new Error(String(error))
  const route = routePath ?? window.location.pathname
  const csrf = readCookie(CSRF_COOKIE)
  try {
    // keepalive: the user may press "Try again" (a reload) right away.
    void fetch(CLIENT_ERRORS_URL, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
      body: JSON.stringify({ message: e.message, stack: e.stack ?? null, route }),
    }).catch(() => {})
  } catch {
    // fetch itself can throw synchronously (e.g. keepalive body too large): ignore.
  }
}
