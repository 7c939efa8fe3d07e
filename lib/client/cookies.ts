// Browser cookie access behind a small jar interface, so state machines can be tested
// without a document (the chat machine and the session parser take a jar or a string).
import { parseCookies } from '@/lib/text/cookies'

export interface CookieJar {
  get(name: string): string | undefined
  /** maxAgeMs is rounded down to whole seconds, as cookies only know seconds. */
  set(name: string, value: string, maxAgeMs: number): void
  delete(name: string): void
}

export function readCookie(name: string, source?: string): string | undefined {
  const raw = source ?? (typeof document === 'undefined' ? '' : document.cookie)
  return parseCookies(raw)[name]
}

export const documentCookieJar: CookieJar = {
  get: (name) => readCookie(name),
  set(name, value, maxAgeMs) {
    if (typeof document === 'undefined') return
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}; SameSite=Lax${secure}`
  },
  delete(name) {
    if (typeof document === 'undefined') return
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`
  },
}

/** An in-memory jar with expiry, for tests and non-browser callers. */
export function memoryCookieJar(
  now: () => number = Date.now,
): CookieJar & { expiresAt(name: string): number | undefined } {
  const store = new Map<string, { value: string; expiresAt: number }>()
  return {
    get(name) {
      const c = store.get(name)
      if (!c) return undefined
      if (c.expiresAt <= now()) {
        store.delete(name)
        return undefined
      }
      return c.value
    },
    set(name, value, maxAgeMs) {
      store.set(name, { value, expiresAt: now() + maxAgeMs })
    },
    delete(name) {
      store.delete(name)
    },
    expiresAt: (name) => store.get(name)?.expiresAt,
  }
}
