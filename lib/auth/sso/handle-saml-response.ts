// The assertion consumer service (/login/saml-response/saml): the relay state names the account
// and the mode; node-saml checks the signature with the account's IdP certificates, the audience,
// the validity window (with clock skew) and InResponseTo; the assertion id is then recorded so
// the same assertion never signs in twice. A login starts the session through startSession, so
// the second factor and everything else every sign-in goes through apply here too.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { startSession, type StartedSession } from '../start-session'
import { loadSamlConfig } from './sso-config'
import { samlClient } from './saml-client'
import { markAssertionUsed, takeRelay } from './sso-message-ids'

export type SamlOutcome =
  { mode: 'test'; email: string } | { mode: 'login'; started: StartedSession; companyId: number }

const refuse = (code: string, message: string) => new AppError(code, 401, message)

function assertionId(xml: string | undefined): string | null {
  return xml ? (/<(?:[\w-]+:)?Assertion\b[^>]*?\sID="([^"]+)"/.exec(xml)?.[1] ?? null) : null
}

function notOnOrAfter(xml: string | undefined, now: Date): Date {
  const v = xml && /\sNotOnOrAfter="([^"]+)"/.exec(xml)?.[1]
  const d = v ? new Date(v) : null
  // Kept at least a day, so a replay inside any clock skew still finds it.
  return d && !Number.isNaN(d.getTime()) && d.getTime() > now.getTime() + 86_400_000
    ? d
    : new Date(now.getTime() + 86_400_000)
}

export async function handleSamlResponse(input: {
  samlResponse: string
  relayState: string
  ip?: string | null
  userAgent?: string | null
  replaces?: string | null
  now?: Date
}): Promise<SamlOutcome> {
  const now = input.now ?? new Date()
  const relay = input.relayState ? await takeRelay(input.relayState, now) : null
  if (!relay) throw refuse('sso_expired', 'This sign-in link has expired or was already used. Start again.')
  const { companyId } = relay
  const mode = relay.data.mode === 'test' ? 'test' : 'login'
  const cfg = await loadSamlConfig(companyId)
  if (!cfg || (mode === 'login' && !cfg.enabled)) throw refuse('sso_not_configured', 'Single sign-on is not set up.')

  const record = (result: string) =>
    mode === 'test'
      ? db.ssoConfig.update({ where: { companyId }, data: { lastTestedAt: now, lastTestResult: result } })
      : null

  let email: string
  try {
    const { profile } = await samlClient(companyId, cfg).validatePostResponseAsync({
      SAMLResponse: input.samlResponse,
      RelayState: input.relayState,
    })
    if (!profile) throw new Error('The response has no assertion.')
    const xml = profile.getAssertionXml?.()
    const id = assertionId(xml)
    if (!id) throw new Error('The assertion has no ID.')
    if (!(await markAssertionUsed(companyId, id, notOnOrAfter(xml, now))))
      throw new Error('This assertion was already used.')
    const raw = [profile.email, profile.mail, profile['urn:oid:0.9.2342.19200300.100.1.3'], profile.nameID].find(
      (v): v is string => typeof v === 'string' && v.includes('@'),
    )
    if (!raw) throw new Error('The assertion names no e-mail address.')
    email = raw.trim().toLowerCase()
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
  if (!user || !member)
    throw refuse('sso_no_member', `${email} is not a member of this account. Ask an owner to invite you.`)
  const started = await startSession({
    userId: user.id,
    companyId,
    ip: input.ip,
    userAgent: input.userAgent,
    replaces: input.replaces,
  })
  return { mode, started, companyId }
}
