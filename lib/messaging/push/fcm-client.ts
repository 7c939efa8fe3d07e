// FCM HTTP v1: the OAuth 2.0 token exchange for a service account (a JWT signed RS256 with its
// private key, POSTed to its token_uri; the access token is cached until a minute before it
// expires) and messages:send. The API's base URL is FCM_API_URL (default
// https://fcm.googleapis.com), so tests and air-gapped installs can point it at a stand-in;
// the token endpoint is the service account's own token_uri. Both go through lib/net/safe-fetch
// (the token_uri comes from an uploaded file, so it gets the same address rules as any URL a
// tenant chooses), and errors carry status and error codes, never the answer's text.
import { createHash, createSign } from 'node:crypto'
import { OutboundError, safeFetch, type SafeResponse } from '@/lib/net/safe-fetch'
import { isAllowedProviderUrl, type ServiceAccount } from './service-account'

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
const TIMEOUT_MS = 10_000
const MAX_ANSWER_BYTES = 256 * 1024
/** An error code as Google writes them (UNREGISTERED, invalid_grant); anything else is dropped. */
const codeWord = (v: unknown) => (typeof v === 'string' && /^[A-Za-z_]{1,40}$/.test(v) ? v : null)
const post = (url: string, headers: Record<string, string>, body: string) =>
  safeFetch(url, {
    purpose: 'provider',
    httpsOnly: true,
    method: 'POST',
    headers,
    body,
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  })

export const fcmBaseUrl = () => (process.env.FCM_API_URL?.trim() || 'https://fcm.googleapis.com').replace(/\/+$/, '')

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url')

/** The signed JWT assertion of the token exchange (RFC 7523). */
export function signAssertion(sa: ServiceAccount, nowSec: number): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(sa.private_key_id ? { kid: sa.private_key_id } : {}) }
  const claims = { iss: sa.client_email, scope: FCM_SCOPE, aud: sa.token_uri, iat: nowSec, exp: nowSec + 3600 }
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`
  const signature = createSign('RSA-SHA256').update(input).sign(sa.private_key)
  return `${input}.${b64url(signature)}`
}

export class FcmAuthError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'FcmAuthError'
  }
}

const tokens = new Map<string, { token: string; expiresAt: number }>()
const cacheKey = (sa: ServiceAccount) =>
  createHash('sha256').update(`${sa.client_email}\n${sa.token_uri}\n${sa.private_key}`).digest('hex')

/** Forget a cached access token (after a 401, or in tests). */
export function forgetAccessToken(sa?: ServiceAccount): void {
  if (sa) tokens.delete(cacheKey(sa))
  else tokens.clear()
}

export async function getAccessToken(sa: ServiceAccount, now = Date.now()): Promise<string> {
  const key = cacheKey(sa)
  const hit = tokens.get(key)
  if (hit && hit.expiresAt - 60_000 > now) return hit.token
  if (!isAllowedProviderUrl(sa.token_uri))
    throw new FcmAuthError("The service account's token_uri is not an https URL.", false)
  let res: SafeResponse
  try {
    res = await post(
      sa.token_uri,
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signAssertion(sa, Math.floor(now / 1000)),
      }).toString(),
    )
  } catch (e) {
    const blocked = e instanceof OutboundError && (e.kind === 'blocked' || e.kind === 'invalid_url')
    throw new FcmAuthError(
      `Token exchange failed: ${e instanceof OutboundError ? e.message : 'the request failed.'}`,
      !blocked,
    )
  }
  const body = res.json<{ access_token?: string; expires_in?: number; error?: string }>()
  if (!res.ok || typeof body?.access_token !== 'string') {
    const code = codeWord(body?.error)
    throw new FcmAuthError(
      `Token exchange refused: HTTP ${res.status}${code ? ` ${code}` : ''}`,
      res.status === 429 || res.status >= 500,
    )
  }
  tokens.set(key, { token: body.access_token, expiresAt: now + (Number(body.expires_in) || 3600) * 1000 })
  return body.access_token
}

/** A plain notification, or a whole HTTP v1 message as render-push.ts shapes it. */
export type FcmMessage =
  | { token: string; title: string; body: string; data?: Record<string, string> }
  | { message: Record<string, unknown> & { token: string } }

export type FcmResult =
  | { kind: 'sent'; name: string }
  /** The token is gone or malformed: unregister it. */
  | { kind: 'invalid_token'; error: string }
  /** 429, 5xx or no connection: nothing was delivered, try again later. */
  | { kind: 'retry'; error: string }
  /** A timeout after the request left: FCM may have accepted it. */
  | { kind: 'unknown'; error: string }
  | { kind: 'failed'; error: string }

interface FcmErrorBody {
  error?: {
    code?: number
    message?: string
    status?: string
    details?: Array<{ '@type'?: string; errorCode?: string; fieldViolations?: Array<{ field?: string }> }>
  }
}

function classify(status: number, body: FcmErrorBody | null): FcmResult {
  const err = body?.error
  const codes = (err?.details ?? []).map((d) => d.errorCode).filter(Boolean) as string[]
  const fields = (err?.details ?? []).flatMap((d) => d.fieldViolations ?? []).map((f) => f.field ?? '')
  const message = `FCM answered HTTP ${status} ${codeWord(codes[0]) ?? codeWord(err?.status) ?? ''}`.trim()
  if (codes.includes('UNREGISTERED') || (status === 404 && err?.status === 'NOT_FOUND'))
    return { kind: 'invalid_token', error: message }
  if (
    (codes.includes('INVALID_ARGUMENT') || err?.status === 'INVALID_ARGUMENT') &&
    (fields.includes('message.token') || /registration token/i.test(err?.message ?? ''))
  )
    return { kind: 'invalid_token', error: message }
  if (
    status === 429 ||
    status >= 500 ||
    codes.includes('QUOTA_EXCEEDED') ||
    codes.includes('UNAVAILABLE') ||
    codes.includes('INTERNAL')
  ) {
    return { kind: 'retry', error: message }
  }
  return { kind: 'failed', error: message }
}

/** One messages:send call (a 401 refreshes the access token once). */
export async function sendFcm(sa: ServiceAccount, m: FcmMessage): Promise<FcmResult> {
  const url = `${fcmBaseUrl()}/v1/projects/${encodeURIComponent(sa.project_id)}/messages:send`
  const payload = JSON.stringify({
    message:
      'message' in m
        ? m.message
        : { token: m.token, notification: { title: m.title, body: m.body }, ...(m.data ? { data: m.data } : {}) },
  })
  for (let attempt = 0; ; attempt++) {
    let access: string
    try {
      access = await getAccessToken(sa)
    } catch (e) {
      const err = e as FcmAuthError
      return err.retryable ? { kind: 'retry', error: err.message } : { kind: 'failed', error: err.message }
    }
    let res: SafeResponse
    try {
      res = await post(url, { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, payload)
    } catch (e) {
      const err = e instanceof OutboundError ? e : new OutboundError('failed', 'The request failed.', undefined, true)
      // Once the request has left, FCM may have taken the message; a refused connection sent nothing.
      return err.sent
        ? { kind: 'unknown', error: `FCM: ${err.message}` }
        : { kind: 'retry', error: `FCM unreachable: ${err.code ?? err.kind}` }
    }
    const body = res.json<{ name?: string } & FcmErrorBody>()
    if (res.ok && typeof body?.name === 'string' && /^projects\/[\w-]+\/messages\/[\w:.%-]+$/.test(body.name))
      return { kind: 'sent', name: body.name }
    if (res.status === 401 && attempt === 0) {
      forgetAccessToken(sa)
      continue
    }
    if (res.ok) return { kind: 'unknown', error: 'FCM answered 200 without a message name' }
    return classify(res.status, body)
  }
}
