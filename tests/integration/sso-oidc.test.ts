/** @jest-environment node */
// Issue 27 §3: OpenID Connect as the second login type, code flow with PKCE against a local
// provider (tests/helpers/oidc-provider.ts): a good ID token signs the member in; a wrong issuer,
// audience or nonce, an expired token and a reused state are refused; setup asks for what OIDC needs.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import * as configRoute from '@/app/ajax/sso/config/route'
import * as loginRoute from '@/app/ajax/sso/login/route'
import * as checkRoute from '@/app/ajax/sso/check-email/route'
import { GET as callback } from '@/app/(public)/login/saml-response/[loginType]/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { startLocalOidc, type LocalOidc, type OidcAnswer } from '../helpers/oidc-provider'

const APP = 'http://app.example.test'
let op: LocalOidc

beforeAll(async () => {
  process.env.APP_URL = APP
  process.env.PROVIDERS_ALLOW_PRIVATE = '1'
  process.env.SECRETS_KEY = 'k'.repeat(40)
  op = await startLocalOidc({ email: 'nobody@example.test' })
})
afterAll(() => op.close())

async function account(domain: string) {
  const c = await makeCompany()
  const owner = await makeUser({ companyId: c.id, email: `owner@${domain}` })
  const cookie = await signIn(owner.id, c.id)
  const res = await configRoute.PUT(
    ajaxRequest('/ajax/sso/config', {
      method: 'PUT',
      cookie,
      body: {
        loginType: 'oidc',
        enabled: true,
        emailDomains: [domain],
        oidcIssuer: op.issuer,
        oidcAuthorizationUrl: op.authorizationUrl,
        oidcTokenUrl: op.tokenUrl,
        oidcClientId: op.clientId,
        oidcClientSecret: op.clientSecret,
      },
    }),
  )
  expect(res.status).toBe(200)
  return { c, owner, cookie }
}

/** The browser: /ajax/sso/login, the provider's redirect back, our callback. */
async function signInThroughOp(email: string, answer: Partial<OidcAnswer> = {}) {
  const start = await loginRoute.POST(ajaxRequest('/ajax/sso/login', { method: 'POST', body: { email } }))
  expect(start.status).toBe(200)
  const { redirect } = (await start.json()) as { redirect: string }
  op.answer = { email, ...answer }
  const authorize = await fetch(redirect, { redirect: 'manual' })
  expect(authorize.status).toBe(302)
  const back = authorize.headers.get('location')!
  expect(back.startsWith(`${APP}/login/saml-response/oidc?`)).toBe(true)
  const res = await callback(new Request(back), { params: Promise.resolve({ loginType: 'oidc' }) })
  return { location: res.headers.get('location') ?? '', cookies: res.headers.getSetCookie(), back }
}

test('setup asks for what OIDC needs and never returns the client secret', async () => {
  const c = await makeCompany()
  const cookie = await signIn((await makeUser({ companyId: c.id })).id, c.id)
  const bad = await configRoute.PUT(
    ajaxRequest('/ajax/sso/config', {
      method: 'PUT',
      cookie,
      body: { loginType: 'oidc', enabled: true, emailDomains: ['oidc-setup.test'], oidcTokenUrl: 'ftp://x' },
    }),
  )
  expect(bad.status).toBe(400)
  expect(Object.keys(((await bad.json()) as { fieldErrors: object }).fieldErrors)).toEqual(['oidcTokenUrl'])
  const missing = await configRoute.PUT(
    ajaxRequest('/ajax/sso/config', {
      method: 'PUT',
      cookie,
      body: { loginType: 'oidc', enabled: true, emailDomains: ['oidc-setup.test'] },
    }),
  )
  expect(Object.keys(((await missing.json()) as { fieldErrors: object }).fieldErrors).sort()).toEqual([
    'oidcAuthorizationUrl',
    'oidcClientId',
    'oidcClientSecret',
    'oidcIssuer',
    'oidcTokenUrl',
  ])
  const { cookie: ok } = await account('oidc-view.test')
  const view = JSON.stringify(await (await configRoute.GET(ajaxRequest('/ajax/sso/config', { cookie: ok }))).json())
  expect(view).toContain('"hasClientSecret":true')
  expect(view).not.toContain(op.clientSecret)
  const row = await db.ssoConfig.findFirst({ where: { oidcClientId: op.clientId } })
  expect(row!.oidcClientSecretSealed).not.toContain(op.clientSecret)
})

test('a good ID token signs the member in; the state cannot be used twice', async () => {
  const { c } = await account('oidc-good.test')
  const member = await makeUser({ companyId: c.id, email: 'ola@oidc-good.test' })
  const check = await checkRoute.POST(
    ajaxRequest('/ajax/sso/check-email', { method: 'POST', body: { email: 'ola@oidc-good.test' } }),
  )
  expect(((await check.json()) as { loginType: string }).loginType).toBe('oidc')
  const r = await signInThroughOp('ola@oidc-good.test')
  expect(r.location).toBe(`${APP}/dashboard`)
  expect(r.cookies.length).toBe(2)
  expect(await db.session.count({ where: { userId: member.id, companyId: c.id } })).toBe(1)
  expect(op.refusals).toEqual([])
  const again = await callback(new Request(r.back), { params: Promise.resolve({ loginType: 'oidc' }) })
  expect(again.headers.get('location')).toBe(`${APP}/login?sso_error=sso_expired`)
})

test.each([
  ['another issuer', { issuer: 'https://evil.test' }],
  ['another audience', { audience: 'someone-else' }],
  ['a wrong nonce', { nonce: 'not-ours' }],
  ['an expired token', { expiresInS: -3600 }],
])('an ID token with %s is refused', async (_name, answer) => {
  const domain = `oidc-${Math.random().toString(36).slice(2, 8)}.test`
  const { c } = await account(domain)
  await makeUser({ companyId: c.id, email: `eve@${domain}` })
  const before = await db.session.count()
  const r = await signInThroughOp(`eve@${domain}`, answer)
  expect(r.location).toBe(`${APP}/login?sso_error=sso_invalid`)
  expect(r.cookies).toEqual([])
  expect(await db.session.count()).toBe(before)
})
