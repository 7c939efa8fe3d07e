// OpenID Connect sign-in, authorization code flow with PKCE (S256): the state (one use, 10 min)
// keeps the account, the mode, the code verifier and the nonce. The ID token comes straight from
// the token endpoint over the back channel, so (OIDC Core 3.1.3.7) its issuer, audience, expiry
// and nonce are checked and its signature is not: the TLS connection to the configured token URL
// stands for it.
import { createHash, randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { safeFetch } from '@/lib/net/safe-fetch'
import { startSession, type StartedSession } from '../start-session'
import { loadOidcConfig } from './oidc-config'
import { acsUrl } from './sp-identity'
import { pruneSsoMessageIds, saveRelay, takeRelay } from './sso-message-ids'
import { CLOCK_SKEW_MS } from './saml-client'

const b64url = (b: Buffer) => b.toString('base64url')

export async function startOidc(companyId: number, mode: 'login' | 'test') {
  const cfg = await loadOidcConfig(companyId)
  if (!cfg || (mode === 'login' && !cfg.enabled))
    throw new AppError('sso_not_configured', 404, 'Single sign-on is not set up for this account.')
  await pruneSsoMessageIds()
  const state = b64url(randomBytes(18))
  const verifier = b64url(randomBytes(48))
  const nonce = b64url(randomBytes(18))
  await saveRelay(companyId, state, { mode, verifier, nonce, oidc: true })
  const u = new URL(cfg.authorizationUrl)
  u.search = new URLSearchParams({
    response_type: 'code',
    client_id: cfg.clientId,
    redirect_uri: acsUrl('oidc'),
    scope: 'openid email',
    state,
    nonce,
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString()
  return { redirect: u.toString() }
}

export type OidcOutcome =
  { mode: 'test'; email: string } | { mode: 'login'; started: StartedSession; companyId: number }

const refuse = (code: string, message: string) => new AppError(code, 401, message)

function claims(idToken: string): Record<string, unknown> {
  const part = idToken.split('.')[1]
  if (!part) throw new Error('The ID token is malformed.')
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>
}

export async function handleOidcCallback(input: {
  code: string
  state: string
  ip?: string | null
  userAgent?: string | null
  replaces?: string | null
  now?: Date
}): Promise<OidcOutcome> {
  const now = input.now ?? new Date()
  const relay = input.state ? await takeRelay(input.state, now) : null
  if (!relay || relay.data.oidc !== true)
    throw refuse('sso_expired', 'This sign-in link has expired or was already used.')
  const { companyId } = relay
  const mode = relay.data.mode === 'test' ? 'test' : 'login'
  const cfg = await loadOidcConfig(companyId)
  if (!cfg || (mode === 'login' && !cfg.enabled)) throw refuse('sso_not_configured', 'Single sign-on is not set up.')
  const record = (result: string) =>
    mode === 'test'
      ? db.ssoConfig.update({ where: { companyId }, data: { lastTestedAt: now, lastTestResult: result } })
      : null

  let email: string
  try {
    // An account's own setting names the URL: the outbound policy keeps it off private addresses
    // (PROVIDERS_ALLOW_PRIVATE=1 lets a local stand-in through).
    const res = await safeFetch(cfg.tokenUrl, {
      purpose: 'provider',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: acsUrl('oidc'),
        client_id: cfg.clientId,
        client_secret: cfg.clientSecret,
        code_verifier: String(relay.data.verifier),
      }).toString(),
      timeoutMs: 10_000,
      maxBytes: 256 * 1024,
      maxRedirects: 0,
    })
    if (!res.ok) throw new Error(`The token endpoint answered ${res.status}.`)
    const token = JSON.parse(res.body.toString('utf8')) as { id_token?: string; access_token?: string }
    if (!token.id_token) throw new Error('The token endpoint sent no ID token.')
    const c = claims(token.id_token)
    const aud = Array.isArray(c.aud) ? c.aud : [c.aud]
    if (c.iss !== cfg.issuer) throw new Error('The ID token is from another issuer.')
    if (!aud.includes(cfg.clientId)) throw new Error('The ID token is for another client.')
    if (typeof c.exp !== 'number' || c.exp * 1000 + CLOCK_SKEW_MS < now.getTime())
      throw new Error('The ID token has expired.')
    if (c.nonce !== relay.data.nonce) throw new Error('The ID token nonce does not match.')
    if (c.email_verified === false) throw new Error('The e-mail address is not verified.')
    if (typeof c.email !== 'string' || !c.email.includes('@')) throw new Error('The ID token names no e-mail address.')
    email = c.email.trim().toLowerCase()
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    await record(message.slice(0, 500))
    throw refuse(
      mode === 'test' ? 'sso_test_failed' : 'sso_invalid',
      `The identity provider's answer was refused: ${message}`,
    )
  }
  if (mode === 'test') {
    await record('ok')
    return { mode, email }
  }
  const user = await db.user.findUnique({ where: { email }, select: { id: true } })
  const member = user
    ? await db.membership.findUnique({ where: { userId_companyId: { userId: user.id, companyId } } })
    : null
  if (!user || !member) throw refuse('sso_no_member', `${email} is not a member of this account.`)
  const started = await startSession({
    userId: user.id,
    companyId,
    ip: input.ip,
    userAgent: input.userAgent,
    replaces: input.replaces,
  })
  return { mode, started, companyId }
}
