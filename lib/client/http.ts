// The browser's HTTP module (seed 000 §7 "HTTP conventions"): credentials, CSRF header,
// snake/camel key transformation, JSON parsing of string bodies, login-redirect detection,
// Accept-Language, timeouts, and the SESSION_EXPIRED handling of seed 000 §8.
import { camelizeKeys, snakeizeKeys } from '@/lib/text/keys'
import { readCookie } from './cookies'
import { ABORTED, HttpError, NETWORK_ERROR, REDIRECT, sessionExpiredError, TIMEOUT } from './http-error'
import { sessionStore, type SessionChange, type SessionState } from './session-store'

export { HttpError, isHttpError, isSessionExpired, isTimeout, SESSION_EXPIRED } from './http-error'
export { withRetry, START_UP_RETRY, type RetryOptions } from './retry'

export const CSRF_COOKIE = 'kl_csrftoken'
export const CSRF_HEADER = 'X-CSRFToken'
export const LOGIN_REDIRECT_MESSAGE = 'Login redirect encountered in response body'
const NOT_AUTHENTICATED = 'Authentication credentials were not provided.'

type ParamValue = string | number | boolean | null | undefined
export interface RequestOptions {
  params?: Record<string, ParamValue | readonly ParamValue[]>
  signal?: AbortSignal
  timeoutMs?: number
  headers?: Record<string, string>
  redirect?: RequestRedirect
  /** false: keys are sent and returned as they are (maps keyed by names: flags, A/B tests). */
  transformKeys?: boolean
  /** false: no SESSION_EXPIRED handling (start-up and sign-in calls decide for themselves). */
  sessionCheck?: boolean
}

export interface HttpResponse<T> {
  data: T
  status: number
  headers: Headers
}

/** What the HTTP module needs from the session store. */
export interface SessionGate {
  getState(): Pick<SessionState, 'kind'>
  isRefusingRequests(): boolean
  markExpired(): void
  subscribe(listener: (change: SessionChange) => void): () => void
}

export interface HttpClient {
  request<T>(method: string, url: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse<T>>
  get<T>(url: string, opts?: RequestOptions): Promise<HttpResponse<T>>
  delete<T>(url: string, opts?: RequestOptions): Promise<HttpResponse<T>>
  post<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse<T>>
  put<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse<T>>
  patch<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse<T>>
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function uiLanguage(): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.body?.lang || document.documentElement.lang || undefined
}

export function buildUrl(url: string, params?: RequestOptions['params']): string {
  if (!params) return url
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value]
    for (const v of values) if (v !== null && v !== undefined) search.append(key, String(v))
  }
  const qs = search.toString()
  if (!qs) return url
  return url + (url.includes('?') ? '&' : '?') + qs
}

const LOGIN_PAGE_MARKERS = [
  /<form[^>]*\saction=["'](?:https?:\/\/[^/"']+)?\/login(?:[?#"'])/i,
  /data-testid=["']login-form["']/i,
  /http-equiv=["']refresh["'][^>]*\/login\b/i,
]

/** An HTML page (or a string holding one) that is our sign-in screen instead of the data asked for. */
export function isLoginPage(text: string): boolean {
  return /<(!doctype|html|form|meta)\b/i.test(text) && LOGIN_PAGE_MARKERS.some((re) => re.test(text))
}

function parseBody(text: string): unknown {
  if (!text.trim()) return null
  let data: unknown = text
  // String bodies are parsed as JSON, including a JSON string that itself holds JSON.
  for (let i = 0; i < 2 && typeof data === 'string'; i++) {
    const t = (data as string).trim()
    if (i > 0 && !/^[[{]/.test(t)) break
    try {
      data = JSON.parse(t)
    } catch {
      break
    }
  }
  return data
}

function pathOf(url: string): string | null {
  try {
    return new URL(url, 'http://localhost').pathname
  } catch {
    return null
  }
}

function mentionsNotAuthenticated(data: unknown): boolean {
  if (typeof data === 'string') return data.includes(NOT_AUTHENTICATED)
  try {
    return JSON.stringify(data ?? '').includes(NOT_AUTHENTICATED)
  } catch {
    return false
  }
}

function logSessionExpired(url: string): void {
  console.info('session-expired', { url })
}

function toBody(body: unknown, transform: boolean, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined
  if (typeof body === 'string' || body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob)
    return body
  headers.set('Content-Type', 'application/json')
  return JSON.stringify(transform ? snakeizeKeys(body) : body)
}

export function createHttpClient(deps: { session?: SessionGate; fetch?: () => typeof fetch } = {}): HttpClient {
  const session = deps.session ?? sessionStore
  const getFetch = deps.fetch ?? (() => globalThis.fetch.bind(globalThis))
  const inflight = new Set<AbortController>()
  let watching = false

  // Once the session ends, requests already on the wire are aborted (seed 000 §4).
  function watchSession() {
    if (watching) return
    watching = true
    session.subscribe(() => {
      if (!session.isRefusingRequests()) return
      for (const c of inflight) c.abort()
      inflight.clear()
    })
  }

  async function request<T>(
    method: string,
    url: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const upper = method.toUpperCase()
    const check = opts.sessionCheck !== false
    const transform = opts.transformKeys !== false
    if (check && session.isRefusingRequests()) {
      logSessionExpired(url)
      throw sessionExpiredError()
    }
    const controller = new AbortController()
    let timedOut = false
    const timer =
      opts.timeoutMs !== undefined
        ? setTimeout(() => {
            timedOut = true
            controller.abort()
          }, opts.timeoutMs)
        : null
    const onCallerAbort = () => controller.abort()
    if (opts.signal?.aborted) controller.abort()
    opts.signal?.addEventListener('abort', onCallerAbort)
    if (check) {
      watchSession()
      inflight.add(controller)
    }

    const headers = new Headers(opts.headers)
    if (!headers.has('Accept')) headers.set('Accept', 'application/json')
    const lang = uiLanguage()
    if (lang) headers.set('Accept-Language', lang)
    if (MUTATING.has(upper)) {
      const token = readCookie(CSRF_COOKIE)
      if (token) headers.set(CSRF_HEADER, token)
    }

    try {
      let res: Response
      let text: string
      try {
        res = await getFetch()(buildUrl(url, opts.params), {
          method: upper,
          headers,
          body: toBody(body, transform, headers),
          credentials: 'include',
          redirect: opts.redirect ?? 'follow',
          signal: controller.signal,
        })
        text = res.type === 'opaqueredirect' ? '' : await res.text()
      } catch (e) {
        if (timedOut) throw new HttpError(0, TIMEOUT, 'Request timed out')
        if (controller.signal.aborted) {
          if (check && session.isRefusingRequests()) {
            logSessionExpired(url)
            throw sessionExpiredError()
          }
          throw new HttpError(0, ABORTED, 'Request aborted')
        }
        throw new HttpError(0, NETWORK_ERROR, e instanceof Error ? e.message : 'Network error')
      }

      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
        throw new HttpError(res.status || 302, REDIRECT, 'The server answered with a redirect')
      }
      if (res.redirected && pathOf(res.url) === '/login') throw new Error(LOGIN_REDIRECT_MESSAGE)
      const parsed = parseBody(text)
      if (typeof parsed === 'string' && isLoginPage(parsed)) throw new Error(LOGIN_REDIRECT_MESSAGE)
      const data = transform ? camelizeKeys(parsed) : parsed

      if (!res.ok) {
        const authFailure = res.status === 401 || (res.status === 403 && mentionsNotAuthenticated(data))
        if (check && authFailure) {
          session.markExpired()
          if (session.isRefusingRequests()) {
            logSessionExpired(url)
            throw sessionExpiredError()
          }
        }
        throw new HttpError(res.status, data)
      }
      return { data: data as T, status: res.status, headers: res.headers }
    } finally {
      if (timer !== null) clearTimeout(timer)
      opts.signal?.removeEventListener('abort', onCallerAbort)
      inflight.delete(controller)
    }
  }

  return {
    request,
    get: (url, opts) => request('GET', url, undefined, opts),
    delete: (url, opts) => request('DELETE', url, undefined, opts),
    post: (url, body, opts) => request('POST', url, body, opts),
    put: (url, body, opts) => request('PUT', url, body, opts),
    patch: (url, body, opts) => request('PATCH', url, body, opts),
  }
}

export const http: HttpClient = createHttpClient()

/** The file name of a content-disposition header; 'file' when there is none. */
export function filenameFromContentDisposition(header: string | null | undefined): string {
  if (!header) return 'file'
  const star = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header)
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, '')) || 'file'
    } catch {
      // fall through to the plain filename
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header)
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim()
  return name || 'file'
}

/** Downloads a file with the session's credentials and saves it under its content-disposition name. */
export async function download(
  url: string,
  opts: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<string> {
  const res = await (opts.fetch ?? globalThis.fetch)(url, { credentials: 'include', signal: opts.signal })
  if (!res.ok) throw new HttpError(res.status, parseBody(await res.text()))
  const filename = filenameFromContentDisposition(res.headers.get('content-disposition'))
  const blob = await res.blob()
  const href = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = href
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(href), 0)
  return filename
}
