// Cookies and the browser's storages, every access guarded: a page may block storage (privacy
// modes, sandboxed frames) and the script must keep working without it.
const TWO_YEARS = 2 * 365 * 24 * 3600

export function readCookie(name: string): string | null {
  try {
    for (const part of document.cookie.split(';')) {
      const i = part.indexOf('=')
      if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim())
    }
  } catch {
    /* cookies blocked */
  }
  return null
}

/** A first-party cookie for two years (the vendor's __kla_id lifetime); maxAge 0 = session cookie. */
export function writeCookie(name: string, value: string, maxAge = TWO_YEARS): void {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/${maxAge ? `; max-age=${maxAge}` : ''}; SameSite=Lax${secure}`
  } catch {
    /* cookies blocked */
  }
}

function store(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const s = window[kind]
    const probe = '__kl_probe'
    s.setItem(probe, '1')
    s.removeItem(probe)
    return s
  } catch {
    return null
  }
}

/** Durable storage: localStorage, else a cookie per key. */
export const durable = {
  get(key: string): string | null {
    const s = store('localStorage')
    return s ? s.getItem(key) : readCookie(key)
  },
  set(key: string, value: string): void {
    const s = store('localStorage')
    if (s) s.setItem(key, value)
    else writeCookie(key, value)
  },
}

/** Per browser session (all tabs): a session cookie, which the browser drops when it closes. */
export const session = {
  get: (key: string): string | null => readCookie(key),
  set: (key: string, value: string): void => writeCookie(key, value, 0),
}
