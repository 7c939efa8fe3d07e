// OpenID Connect as an account's second login type (/sso/setup): the provider's issuer and its
// authorization, token (and optional userinfo) endpoints, our client id and secret (sealed at rest).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { openSecret, sealSecret } from '@/lib/crypto/secret-box'

export const OIDC_SECRET_PURPOSE = 'oidc-client-secret'

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => {
    try {
      return ['https:', 'http:'].includes(new URL(u).protocol)
    } catch {
      return false
    }
  }, 'Enter an https:// address.')

export const oidcFieldsBody = z.object({
  oidcIssuer: url.optional(),
  oidcAuthorizationUrl: url.optional(),
  oidcTokenUrl: url.optional(),
  oidcUserinfoUrl: url.optional(),
  oidcClientId: z.string().trim().max(500).optional(),
  oidcClientSecret: z.string().max(2000).optional(),
})

type Existing = {
  oidcIssuer: string | null
  oidcAuthorizationUrl: string | null
  oidcTokenUrl: string | null
  oidcUserinfoUrl: string | null
  oidcClientId: string | null
  oidcClientSecretSealed: string | null
} | null

/** The OIDC columns to store, or field errors when OIDC is to be on without what it needs. */
export function oidcColumns(body: z.infer<typeof oidcFieldsBody>, existing: Existing, required: boolean) {
  const cols = {
    oidcIssuer: body.oidcIssuer || existing?.oidcIssuer || null,
    oidcAuthorizationUrl: body.oidcAuthorizationUrl || existing?.oidcAuthorizationUrl || null,
    oidcTokenUrl: body.oidcTokenUrl || existing?.oidcTokenUrl || null,
    oidcUserinfoUrl: body.oidcUserinfoUrl || existing?.oidcUserinfoUrl || null,
    oidcClientId: body.oidcClientId || existing?.oidcClientId || null,
    oidcClientSecretSealed: body.oidcClientSecret
      ? sealSecret(body.oidcClientSecret, OIDC_SECRET_PURPOSE)
      : (existing?.oidcClientSecretSealed ?? null),
  }
  if (required) {
    const errors: Record<string, string[]> = {}
    for (const k of ['oidcIssuer', 'oidcAuthorizationUrl', 'oidcTokenUrl', 'oidcClientId'] as const)
      if (!cols[k]) errors[k] = ['Required for OpenID Connect.']
    if (!cols.oidcClientSecretSealed) errors.oidcClientSecret = ['Required for OpenID Connect.']
    if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields.', errors)
  }
  return cols
}

export async function loadOidcConfig(companyId: number) {
  const row = await db.ssoConfig.findUnique({ where: { companyId } })
  if (!row || row.loginType !== 'oidc') return null
  const secret = openSecret(row.oidcClientSecretSealed, OIDC_SECRET_PURPOSE)
  if (!row.oidcIssuer || !row.oidcAuthorizationUrl || !row.oidcTokenUrl || !row.oidcClientId || !secret) return null
  return {
    enabled: row.enabled,
    issuer: row.oidcIssuer,
    authorizationUrl: row.oidcAuthorizationUrl,
    tokenUrl: row.oidcTokenUrl,
    userinfoUrl: row.oidcUserinfoUrl,
    clientId: row.oidcClientId,
    clientSecret: secret,
  }
}
