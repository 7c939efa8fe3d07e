// Direct APNs: HTTP/2 (node:http2) with a token-based key (.p8, ES256 JWT of key id and team id,
// reused for 50 minutes: Apple refuses tokens older than an hour and throttles ones renewed more
// often than every 20 minutes). One HTTP/2 session per origin is kept open and multiplexed, as
// Apple asks. The base URL is APNS_API_URL (default Apple's production or sandbox host by the
// key's environment): the operator's setting, not a tenant's, so it is checked for form here
// (https unless PROVIDERS_ALLOW_PRIVATE=1 lets a local stand-in speak h2c) and not per lookup.
import http2 from 'node:http2'
import { createPrivateKey, sign } from 'node:crypto'
import { outboundUrlProblem } from '@/lib/net/safe-fetch'

export interface ApnsKey {
  keyId: string
  teamId: string
  bundleId: string
  /** The .p8 file's PEM text. */
  privateKey: string
  environment: 'production' | 'sandbox'
}

export interface ApnsRequest {
  token: string
  pushType: 'alert' | 'background'
  priority: number
  payload: Record<string, unknown>
}

export type ApnsResult =
  | { kind: 'sent'; apnsId: string }
  | { kind: 'invalid_token'; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'unknown'; error: string }
  | { kind: 'failed'; error: string }

const TIMEOUT_MS = 10_000
const JWT_TTL_MS = 50 * 60_000
const MAX_ANSWER_BYTES = 64 * 1024

export function apnsBaseUrl(environment: ApnsKey['environment']): string {
  const configured = process.env.APNS_API_URL?.trim()
  const fallback = environment === 'sandbox' ? 'https://api.sandbox.push.apple.com' : 'https://api.push.apple.com'
  return (configured || fallback).replace(/\/+$/, '')
}

/** Why the key text cannot sign (null when it can). */
export function apnsKeyProblem(pem: string): string | null {
  try {
    const k = createPrivateKey(pem)
    if (k.asymmetricKeyType !== 'ec' || k.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
      return 'The key must be an APNs .p8 key (EC P-256).'
    return null
  } catch {
    return 'The key is not a valid .p8 private key.'
  }
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url')

/** The provider authentication token (RFC 7519, ES256, signature in IEEE P1363 form as JOSE wants). */
export function signApnsJwt(key: ApnsKey, nowSec: number): string {
  const input = `${b64url(JSON.stringify({ alg: 'ES256', kid: key.keyId }))}.${b64url(JSON.stringify({ iss: key.teamId, iat: nowSec }))}`
  const signature = sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' })
  return `${input}.${b64url(signature)}`
}

const jwts = new Map<string, { jwt: string; madeAt: number }>()
const jwtKey = (k: ApnsKey) => `${k.teamId}:${k.keyId}`

function providerToken(key: ApnsKey, now = Date.now()): string {
  const hit = jwts.get(jwtKey(key))
  if (hit && now - hit.madeAt < JWT_TTL_MS) return hit.jwt
  const jwt = signApnsJwt(key, Math.floor(now / 1000))
  jwts.set(jwtKey(key), { jwt, madeAt: now })
  return jwt
}

const sessions = new Map<string, http2.ClientHttp2Session>()

function sessionFor(origin: string): http2.ClientHttp2Session {
  const open = sessions.get(origin)
  if (open && !open.closed && !open.destroyed) return open
  const s = http2.connect(origin)
  s.on('error', () => sessions.delete(origin))
  s.on('close', () => sessions.delete(origin))
  // an idle session must not keep a worker or a test process alive
  s.unref()
  sessions.set(origin, s)
  return s
}

/** Closes the kept sessions and forgets the signed tokens (shutdown, tests). */
export function closeApnsSessions(): void {
  for (const s of sessions.values()) s.close()
  sessions.clear()
  jwts.clear()
}

interface Answer {
  status: number
  apnsId: string | null
  reason: string | null
}

function post(origin: string, path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let req: http2.ClientHttp2Stream
    try {
      req = sessionFor(origin).request({ ':method': 'POST', ':path': path, ...headers })
    } catch (e) {
      return reject(Object.assign(e as Error, { sent: false }))
    }
    let status = 0
    let apnsId: string | null = null
    let size = 0
    // once the stream is open the push may have reached Apple: no blind retry after that
    let ready = false
    req.on('ready', () => (ready = true))
    const chunks: Buffer[] = []
    const timer = setTimeout(() => req.close(http2.constants.NGHTTP2_CANCEL), TIMEOUT_MS)
    req.on('response', (h) => {
      status = Number(h[':status'])
      const id = h['apns-id']
      apnsId = typeof id === 'string' && /^[0-9A-Fa-f-]{1,64}$/.test(id) ? id : null
    })
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size <= MAX_ANSWER_BYTES) chunks.push(c)
    })
    req.on('end', () => {
      clearTimeout(timer)
      let reason: string | null = null
      try {
        const r = (JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { reason?: unknown }).reason
        reason = typeof r === 'string' && /^[A-Za-z]{1,60}$/.test(r) ? r : null
      } catch {
        // an answer that is not JSON carries no reason we pass on
      }
      resolve({ status, apnsId, reason })
    })
    req.on('error', (e) => {
      clearTimeout(timer)
      reject(Object.assign(e, { sent: ready }))
    })
    req.on('close', () => {
      clearTimeout(timer)
      if (!status) reject(Object.assign(new Error('APNs closed the stream without answering.'), { sent: true }))
    })
    req.end(body)
  })
}

// Apple's reasons that mean this device token will never work again for this app.
const TOKEN_GONE = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic', 'ExpiredToken'])

/** One push to one device token (an ExpiredProviderToken refreshes the JWT once). */
export async function sendApns(key: ApnsKey, r: ApnsRequest): Promise<ApnsResult> {
  const base = apnsBaseUrl(key.environment)
  const problem = outboundUrlProblem(base, 'provider', { httpsOnly: true, label: 'APNS_API_URL' })
  if (problem) return { kind: 'failed', error: problem }
  if (!/^[0-9A-Fa-f]{16,200}$/.test(r.token)) return { kind: 'invalid_token', error: 'APNs: BadDeviceToken' }
  const origin = new URL(base).origin
  for (let attempt = 0; ; attempt++) {
    let a: Answer
    try {
      a = await post(
        origin,
        `/3/device/${r.token}`,
        {
          authorization: `bearer ${providerToken(key)}`,
          'apns-topic': key.bundleId,
          'apns-push-type': r.pushType,
          'apns-priority': String(r.priority),
          'content-type': 'application/json',
        },
        JSON.stringify(r.payload),
      )
    } catch (e) {
      const sent = (e as { sent?: boolean }).sent
      return sent
        ? { kind: 'unknown', error: 'APNs: the answer did not arrive.' }
        : { kind: 'retry', error: 'APNs unreachable' }
    }
    const message = `APNs answered HTTP ${a.status}${a.reason ? ` ${a.reason}` : ''}`
    if (a.status === 200) return { kind: 'sent', apnsId: a.apnsId ?? 'accepted' }
    if (a.status === 410 || (a.reason && TOKEN_GONE.has(a.reason))) return { kind: 'invalid_token', error: message }
    if (a.status === 403 && a.reason === 'ExpiredProviderToken' && attempt === 0) {
      jwts.delete(jwtKey(key))
      continue
    }
    if (a.status === 429 || a.status >= 500) return { kind: 'retry', error: message }
    return { kind: 'failed', error: message }
  }
}
