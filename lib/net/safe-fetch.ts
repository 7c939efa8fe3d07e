// The one way the server makes an HTTP request on a tenant's behalf (webhooks, flow webhooks,
// catalog and web feeds, image imports, SMS, WhatsApp and push providers). Compared with a
// plain fetch it:
//   - connects only to addresses the policy allows, checked on the connection itself
//     (connect-checked.ts), for the first request and every redirect it follows;
//   - requires https where the purpose does, unless the operator's *_ALLOW_PRIVATE is set;
//   - counts the answer's bytes as they arrive and stops at maxBytes, whatever the answer
//     declares (or does not declare) as its length;
//   - has one deadline for the whole exchange, and errors (OutboundError) whose messages name
//     what went wrong without repeating anything the other side sent.
import http from 'node:http'
import https from 'node:https'
import { isIP, type Socket } from 'node:net'
import { allowsPrivate, bareHost, isBlockedAddress, isLocalName, type OutboundPurpose } from './address-policy'
import { connectChecked, OutboundError } from './connect-checked'

export { OutboundError } from './connect-checked'

export interface SafeFetchInit {
  purpose: OutboundPurpose
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string | Buffer
  timeoutMs: number
  /** The most of the answer's body that is read. */
  maxBytes: number
  /** Past maxBytes: fail with 'too_large' (default), or keep the first maxBytes and hang up. */
  overflow?: 'error' | 'truncate'
  /** Redirects followed (each one checked like the first request); 0 returns a 3xx as the answer. */
  maxRedirects?: number
  /** Only https, unless the purpose's operator setting allows private targets (a local stand-in). */
  httpsOnly?: boolean
}

export interface SafeResponse {
  status: number
  ok: boolean
  headers: http.IncomingHttpHeaders
  body: Buffer
  /** The address that answered (after redirects). */
  url: URL
  truncated: boolean
  text(): string
  /** The body as JSON, or null when it is not. */
  json<T = unknown>(): T | null
}

/** Why a URL may not be used for this purpose (null when it may); checks the form, not DNS. */
export function outboundUrlProblem(
  raw: string | URL,
  purpose: OutboundPurpose,
  opts: { httpsOnly?: boolean; label?: string } = {},
): string | null {
  const label = opts.label ?? 'The address'
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    return `${label} is not a valid URL.`
  }
  const httpOk = !opts.httpsOnly || allowsPrivate(purpose)
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && httpOk))
    return `${label} must start with https://${httpOk ? ' or http://' : ''}.`
  if (u.username || u.password) return `${label} must not contain a user name or password.`
  const host = bareHost(u)
  if (!allowsPrivate(purpose) && ((isIP(host) && isBlockedAddress(host)) || isLocalName(host))) {
    return `${label} points to a private network address.`
  }
  return null
}

function toOutboundError(e: unknown, sent: boolean, timedOut: boolean, timeoutMs: number): OutboundError {
  // The whole budget is named (not what was left of it for this hop), never "0 s".
  if (timedOut)
    return new OutboundError(
      'timeout',
      `No answer within ${Math.max(1, Math.round(timeoutMs / 1000))} s.`,
      'ETIMEDOUT',
      sent,
    )
  if (e instanceof OutboundError) return e
  const code = (e as { code?: string }).code
  if (
    code &&
    /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|ENOTFOUND|EAI_AGAIN|ETIMEDOUT)$|CERT|^ERR_TLS|^ERR_SSL|^DEPTH_ZERO/.test(
      code,
    ) &&
    !sent
  ) {
    return new OutboundError('unreachable', 'The host could not be reached.', code, false)
  }
  return new OutboundError('failed', 'The connection failed during the request.', code, sent)
}

function requestOnce(
  url: URL,
  init: SafeFetchInit,
  method: string,
  body: string | Buffer | undefined,
  budgetMs = init.timeoutMs,
): Promise<SafeResponse> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:'
    const controller = new AbortController()
    let sent = false
    let timedOut = false
    let settled = false
    const finish = (err: unknown, res?: SafeResponse) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (err) {
        controller.abort()
        req.destroy()
        reject(toOutboundError(err, sent, timedOut, budgetMs))
      } else resolve(res!)
    }
    const timer = setTimeout(() => {
      timedOut = true
      finish(new Error('timeout'))
    }, init.timeoutMs)
    const createConnection = (_o: unknown, oncreate: (err: Error | null, socket?: Socket) => void) => {
      const port = Number(url.port) || (secure ? 443 : 80)
      connectChecked({ host: bareHost(url), port, purpose: init.purpose, tls: secure, signal: controller.signal }).then(
        (s) => oncreate(null, s),
        (e) => oncreate(e as Error),
      )
      return undefined
    }
    const headers: Record<string, string> = { ...init.headers }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
    const req = (secure ? https : http).request(
      url,
      { method, headers, createConnection } as http.RequestOptions,
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        let truncated = false
        const done = () => {
          const buf = Buffer.concat(chunks)
          const status = res.statusCode ?? 0
          finish(null, {
            status,
            ok: status >= 200 && status < 300,
            headers: res.headers,
            body: buf,
            url,
            truncated,
            text: () => buf.toString('utf8'),
            json: <T>() => {
              try {
                return JSON.parse(buf.toString('utf8')) as T
              } catch {
                return null
              }
            },
          })
        }
        res.on('data', (c: Buffer) => {
          if (settled) return
          size += c.length
          if (size <= init.maxBytes) return void chunks.push(c)
          if (init.overflow === 'truncate') {
            chunks.push(c.subarray(0, c.length - (size - init.maxBytes)))
            truncated = true
            done()
            req.destroy()
            return
          }
          finish(
            new OutboundError(
              'too_large',
              `The answer is larger than ${formatBytes(init.maxBytes)}.`,
              'ETOOLARGE',
              true,
            ),
          )
        })
        res.on('end', done)
        res.on('error', (e) => finish(e))
        res.on('aborted', () => finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })))
      },
    )
    req.on('finish', () => {
      sent = true
    })
    req.on('error', (e) => finish(e))
    req.end(body)
  })
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`

/** One request under the outbound policy; throws OutboundError, never a raw network error. */
export async function safeFetch(raw: string | URL, init: SafeFetchInit): Promise<SafeResponse> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new OutboundError('invalid_url', 'The address is not a valid URL.')
  }
  let method: string = init.method ?? 'GET'
  let body = init.body
  const deadline = Date.now() + init.timeoutMs
  for (let hop = 0; ; hop++) {
    const problem = outboundUrlProblem(url, init.purpose, { httpsOnly: init.httpsOnly })
    if (problem)
      throw /private/.test(problem)
        ? new OutboundError('blocked', problem, 'EBLOCKED')
        : new OutboundError('invalid_url', problem)
    const res = await requestOnce(
      url,
      { ...init, timeoutMs: Math.max(1, deadline - Date.now()) },
      method,
      body,
      init.timeoutMs,
    )
    const location = typeof res.headers.location === 'string' ? res.headers.location : null
    if (res.status < 300 || res.status >= 400 || !location || !init.maxRedirects) return res
    if (hop >= init.maxRedirects) throw new OutboundError('redirects', 'The address redirected too many times.')
    try {
      url = new URL(location, url)
    } catch {
      throw new OutboundError('invalid_url', 'The address redirected to an invalid URL.')
    }
    if (res.status === 303) {
      method = 'GET'
      body = undefined
    }
  }
}
