// /sso/login and /sso/test: the redirect to the account's identity provider with a signed-for
// AuthnRequest (its id kept for InResponseTo) and a one-use relay state naming the account and
// the mode (a test only records its result; a login starts a session).
import { randomBytes } from 'node:crypto'
import { AppError } from '@/lib/errors/app-error'
import { loadSamlConfig, ssoAccountForEmail } from './sso-config'
import { samlClient } from './saml-client'
import { pruneSsoMessageIds, saveRelay } from './sso-message-ids'
import { db } from '@/lib/db/client'
import { startOidc } from './oidc-flow'

export const SSO_NOT_CONFIGURED = 'Single sign-on is not set up for this email address.'

export async function startSso(input: { email?: string; companyId?: number; mode: 'login' | 'test' }) {
  const companyId = input.companyId ?? (input.email ? await ssoAccountForEmail(input.email) : null)
  const type = companyId
    ? (await db.ssoConfig.findUnique({ where: { companyId }, select: { loginType: true } }))?.loginType
    : null
  if (companyId && type === 'oidc') return startOidc(companyId, input.mode)
  const cfg = companyId ? await loadSamlConfig(companyId) : null
  if (!companyId || !cfg || (input.mode === 'login' && !cfg.enabled))
    throw new AppError('sso_not_configured', 404, SSO_NOT_CONFIGURED, { email: [SSO_NOT_CONFIGURED] })
  await pruneSsoMessageIds()
  const relay = randomBytes(18).toString('base64url')
  await saveRelay(companyId, relay, { mode: input.mode })
  const redirect = await samlClient(companyId, cfg).getAuthorizeUrlAsync(relay, undefined, {})
  return { redirect }
}
