// An account's SAML setup (/sso/setup): the identity provider from its metadata XML or from the
// three fields, the e-mail domains that sign in through it, and whether passwords still work.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { certificatePem, parseIdpMetadata } from './idp-metadata'
import { acsUrl, spEntityId } from './sp-identity'
import { oidcColumns, oidcFieldsBody } from './oidc-config'

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export const ssoConfigBody = oidcFieldsBody.extend({
  loginType: z.enum(['saml', 'oidc']).default('saml'),
  enabled: z.boolean(),
  enforced: z.boolean().default(false),
  emailDomains: z
    .array(z.string().trim().toLowerCase().regex(DOMAIN, 'Enter a domain such as example.com.'))
    .max(20)
    .default([]),
  metadataXml: z.string().max(500_000).optional(),
  idpEntityId: z.string().trim().max(1000).optional(),
  idpSsoUrl: z.string().trim().max(2000).optional(),
  idpCertificate: z.string().max(20_000).optional(),
})

export type SsoConfigBody = z.infer<typeof ssoConfigBody>

const list = (s: string): string[] => {
  try {
    const v = JSON.parse(s) as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export async function getSsoConfig(companyId: number) {
  const row = await db.ssoConfig.findUnique({ where: { companyId } })
  return {
    loginType: row?.loginType === 'oidc' ? ('oidc' as const) : ('saml' as const),
    enabled: row?.enabled ?? false,
    enforced: row?.enforced ?? false,
    emailDomains: row ? list(row.emailDomains) : [],
    idpEntityId: row?.idpEntityId ?? '',
    idpSsoUrl: row?.idpSsoUrl ?? '',
    certificates: row ? list(row.idpCertificates).length : 0,
    lastTestedAt: row?.lastTestedAt ?? null,
    lastTestResult: row?.lastTestResult ?? null,
    oidc: {
      issuer: row?.oidcIssuer ?? '',
      authorizationUrl: row?.oidcAuthorizationUrl ?? '',
      tokenUrl: row?.oidcTokenUrl ?? '',
      userinfoUrl: row?.oidcUserinfoUrl ?? '',
      clientId: row?.oidcClientId ?? '',
      hasClientSecret: !!row?.oidcClientSecretSealed,
      redirectUri: acsUrl('oidc'),
    },
    sp: { entityId: spEntityId(companyId), acsUrl: acsUrl('saml'), metadataUrl: '/ajax/sso/metadata' },
  }
}

const httpUrl = (u: string) => {
  try {
    const url = new URL(u)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

export async function saveSsoConfig(companyId: number, body: SsoConfigBody) {
  const existing = await db.ssoConfig.findUnique({ where: { companyId } })
  const fromXml = body.metadataXml?.trim() ? parseIdpMetadata(body.metadataXml) : {}
  if (body.metadataXml?.trim() && !fromXml.idpEntityId && !fromXml.idpSsoUrl)
    throw badRequest('Please correct the highlighted fields.', {
      metadataXml: ['This is not SAML identity provider metadata.'],
    })
  const idpEntityId = fromXml.idpEntityId ?? (body.idpEntityId || existing?.idpEntityId || '')
  const idpSsoUrl = fromXml.idpSsoUrl ?? (body.idpSsoUrl || existing?.idpSsoUrl || '')
  let certificates = existing ? list(existing.idpCertificates) : []
  const errors: Record<string, string[]> = {}
  if (fromXml.certificates || body.idpCertificate?.trim()) {
    const raw = fromXml.certificates ?? [body.idpCertificate!]
    const pems = raw.map(certificatePem)
    if (pems.some((p) => !p))
      errors[fromXml.certificates ? 'metadataXml' : 'idpCertificate'] = ['Not a valid X.509 certificate.']
    else certificates = pems as string[]
  }
  if (idpSsoUrl && !httpUrl(idpSsoUrl)) errors.idpSsoUrl = ['Enter the https:// address of the identity provider.']
  const saml = body.loginType === 'saml'
  if (body.enabled && saml) {
    if (!idpEntityId) errors.idpEntityId = ['Enter the identity provider entity id.']
    if (!idpSsoUrl) errors.idpSsoUrl ??= ['Enter the single sign-on URL.']
    if (!certificates.length) errors.idpCertificate ??= ['Add the identity provider signing certificate.']
  }
  if (body.enabled && !body.emailDomains.length) errors.emailDomains = ['Add at least one e-mail domain.']
  if (body.emailDomains.length) {
    const taken = await db.ssoConfig.findMany({
      where: { companyId: { not: companyId }, enabled: true },
      select: { emailDomains: true },
    })
    const others = new Set(taken.flatMap((t) => list(t.emailDomains)))
    const clash = body.emailDomains.filter((d) => others.has(d))
    if (clash.length) errors.emailDomains = [`Already used by another account: ${clash.join(', ')}.`]
  }
  if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields.', errors)
  const oidc = oidcColumns(body, existing, body.enabled && !saml)
  const data = {
    loginType: body.loginType,
    ...oidc,
    enabled: body.enabled,
    enforced: body.enabled && body.enforced,
    emailDomains: JSON.stringify([...new Set(body.emailDomains)]),
    idpEntityId: idpEntityId || null,
    idpSsoUrl: idpSsoUrl || null,
    idpCertificates: JSON.stringify(certificates),
  }
  await db.ssoConfig.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  return getSsoConfig(companyId)
}

/** The stored config with its certificates, for the SAML client. */
export async function loadSamlConfig(companyId: number) {
  const row = await db.ssoConfig.findUnique({ where: { companyId } })
  if (!row || !row.idpSsoUrl || !row.idpEntityId) return null
  const certificates = list(row.idpCertificates)
  if (!certificates.length) return null
  return { ...row, idpSsoUrl: row.idpSsoUrl, idpEntityId: row.idpEntityId, certificates }
}

/** The enabled account whose SSO covers an e-mail's domain, if any. */
export async function ssoAccountForEmail(email: string): Promise<number | null> {
  const domain = email.trim().toLowerCase().split('@')[1]
  if (!domain) return null
  const rows = await db.ssoConfig.findMany({
    where: { enabled: true },
    select: { companyId: true, emailDomains: true },
  })
  return rows.find((r) => list(r.emailDomains).includes(domain))?.companyId ?? null
}
