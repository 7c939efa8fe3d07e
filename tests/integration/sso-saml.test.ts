/** @jest-environment node */
// Issue 27 §3 and §5: SAML sign-in against a local identity provider (tests/helpers/saml-idp.ts).
// A good assertion signs the member in through startSession; a bad signature, a tampered
// assertion, a wrong audience, an expired assertion, an unknown InResponseTo and a replayed
// response are refused; setup validates its input; enforcement refuses passwords except for
// exempt members; check-email answers by domain.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { unsealSessionId } from '@/lib/auth/session'
import * as configRoute from '@/app/ajax/sso/config/route'
import * as loginRoute from '@/app/ajax/sso/login/route'
import * as testRoute from '@/app/ajax/sso/test/route'
import * as checkRoute from '@/app/ajax/sso/check-email/route'
import * as metadataRoute from '@/app/ajax/sso/metadata/route'
import * as exemptionsRoute from '@/app/ajax/sso/exemptions/route'
import { POST as passwordLogin } from '@/app/ajax/login/route'
import { POST as acs } from '@/app/(public)/login/saml-response/[loginType]/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { makeKeyPair, readAutoPostForm, startLocalIdp, type AnswerOptions, type LocalIdp } from '../helpers/saml-idp'

const APP = 'http://app.example.test'
let idp: LocalIdp

beforeAll(async () => {
  process.env.APP_URL = APP
  idp = await startLocalIdp({ email: 'nobody@example.test' })
})
afterAll(() => idp.close())

async function json(res: Response | Promise<Response>) {
  const r = await res
  return {
    status: r.status,
    body: (await r.json()) as Record<string, unknown> & { fieldErrors?: Record<string, string[]> },
  }
}

async function account(domain: string) {
  const c = await makeCompany()
  const owner = await makeUser({
    companyId: c.id,
    role: 'owner',
    email: `owner@${domain}`,
    password: 'pw-correct-horse',
  })
  const cookie = await signIn(owner.id, c.id)
  const saved = await json(
    configRoute.PUT(
      ajaxRequest('/ajax/sso/config', {
        method: 'PUT',
        cookie,
        body: { enabled: true, enforced: false, emailDomains: [domain], metadataXml: idp.metadata },
      }),
    ),
  )
  expect(saved.status).toBe(200)
  return { c, owner, cookie }
}

/** The browser's round trip: /ajax/sso/login, the IdP's page, the form posted to our ACS. */
async function signInThroughIdp(email: string, answer: Partial<AnswerOptions> = {}) {
  const start = await json(loginRoute.POST(ajaxRequest('/ajax/sso/login', { method: 'POST', body: { email } })))
  expect(start.status).toBe(200)
  idp.answer = { email, ...answer }
  const page = await fetch(String(start.body.redirect))
  expect(page.status).toBe(200)
  return postToAcs(readAutoPostForm(await page.text()))
}

async function postToAcs(form: { action: string; SAMLResponse: string; RelayState: string }, cookie?: string) {
  expect(form.action).toBe(`${APP}/login/saml-response/saml`)
  const res = await acs(
    new Request(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }).toString(),
    }),
    { params: Promise.resolve({ loginType: 'saml' }) },
  )
  return { status: res.status, location: res.headers.get('location') ?? '', cookies: res.headers.getSetCookie(), form }
}

async function sessionOf(cookies: string[]) {
  const sealed = cookies
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0]!
    .split('=')[1]
  const id = sealed ? await unsealSessionId(decodeURIComponent(sealed)) : null
  return id ? db.session.findUnique({ where: { id } }) : null
}

test('setup reads the IdP metadata and gives the SP values; bad input is 400 with field errors', async () => {
  const { c, cookie } = await account('setup.test')
  const got = await json(configRoute.GET(ajaxRequest('/ajax/sso/config', { cookie })))
  expect(got.body).toMatchObject({
    enabled: true,
    idpEntityId: idp.entityId,
    idpSsoUrl: idp.ssoUrl,
    certificates: 1,
    emailDomains: ['setup.test'],
    sp: { entityId: `${APP}/sso/saml/${c.id}`, acsUrl: `${APP}/login/saml-response/saml` },
  })
  const xml = await (await metadataRoute.GET(ajaxRequest('/ajax/sso/metadata', { cookie }))).text()
  expect(xml).toContain(`entityID="${APP}/sso/saml/${c.id}"`)
  expect(xml).toContain(`Location="${APP}/login/saml-response/saml"`)

  const bad = await json(
    configRoute.PUT(
      ajaxRequest('/ajax/sso/config', {
        method: 'PUT',
        cookie,
        body: { enabled: true, emailDomains: ['not a domain'], idpCertificate: 'not-a-cert' },
      }),
    ),
  )
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.body.fieldErrors!).sort()).toEqual(['emailDomains.0'])
  const badCert = await json(
    configRoute.PUT(
      ajaxRequest('/ajax/sso/config', {
        method: 'PUT',
        cookie,
        body: { enabled: true, emailDomains: ['setup.test'], idpCertificate: 'bm90LWEtY2VydA==' },
      }),
    ),
  )
  expect(badCert.status).toBe(400)
  expect(Object.keys(badCert.body.fieldErrors!)).toEqual(['idpCertificate'])
  const notMetadata = await json(
    configRoute.PUT(
      ajaxRequest('/ajax/sso/config', {
        method: 'PUT',
        cookie,
        body: { enabled: true, emailDomains: ['setup.test'], metadataXml: '<html/>' },
      }),
    ),
  )
  expect(Object.keys(notMetadata.body.fieldErrors!)).toEqual(['metadataXml'])
  // Another account cannot claim the same domain.
  const other = await makeCompany()
  const otherCookie = await signIn((await makeUser({ companyId: other.id })).id, other.id)
  const clash = await json(
    configRoute.PUT(
      ajaxRequest('/ajax/sso/config', {
        method: 'PUT',
        cookie: otherCookie,
        body: { enabled: true, emailDomains: ['setup.test'], metadataXml: idp.metadata },
      }),
    ),
  )
  expect(Object.keys(clash.body.fieldErrors!)).toEqual(['emailDomains'])
})

test('a good assertion signs the member in through startSession; check-email sends the domain to SSO', async () => {
  const { c } = await account('good.test')
  const member = await makeUser({ companyId: c.id, role: 'manager', email: 'ada@good.test' })
  expect(
    (
      await json(
        checkRoute.POST(ajaxRequest('/ajax/sso/check-email', { method: 'POST', body: { email: 'Ada@Good.test' } })),
      )
    ).body,
  ).toMatchObject({
    loginType: 'saml',
    passwordAllowed: true,
  })
  expect(
    (
      await json(
        checkRoute.POST(ajaxRequest('/ajax/sso/check-email', { method: 'POST', body: { email: 'x@else.test' } })),
      )
    ).body,
  ).toMatchObject({
    loginType: 'password',
  })
  expect(
    (await json(checkRoute.POST(ajaxRequest('/ajax/sso/check-email', { method: 'POST', body: { email: 'nope' } }))))
      .status,
  ).toBe(400)

  const r = await signInThroughIdp('ada@good.test')
  expect({ status: r.status, location: r.location }).toEqual({ status: 303, location: `${APP}/dashboard` })
  const s = await sessionOf(r.cookies)
  expect(s).toMatchObject({ userId: member.id, companyId: c.id, mfaPending: null })
  expect((await db.user.findUnique({ where: { id: member.id } }))!.lastLoginAt).not.toBeNull()

  // The same response posted again: refused (its request id is spent, its assertion id recorded).
  const replay = await postToAcs(r.form)
  expect(replay.location).toBe(`${APP}/login?sso_error=sso_expired`)
  expect(replay.cookies).toEqual([])
})

test('a member with two-factor sign-in gets a half session and the second-factor page', async () => {
  const { c } = await account('mfa.test')
  const member = await makeUser({ companyId: c.id, email: 'mo@mfa.test' })
  await db.user.update({ where: { id: member.id }, data: { mfaEnabled: true } })
  const r = await signInThroughIdp('mo@mfa.test')
  expect(r.location).toBe(`${APP}/login-mfa`)
  expect((await sessionOf(r.cookies))!.mfaPending).toBe('verify')
})

test.each([
  ['a bad signature', { signWith: makeKeyPair('attacker') }],
  ['a tampered assertion', { tamperEmail: 'owner@bad.test' }],
  ['a wrong audience', { audience: 'https://someone-else.test/sp' }],
  ['an expired assertion', { shiftMs: -60 * 60_000 }],
  ['an assertion from the future', { shiftMs: 60 * 60_000 }],
  ['an unknown InResponseTo', { inResponseTo: '_not-ours' }],
  ['no InResponseTo (unsolicited)', { inResponseTo: null }],
])('%s is refused and starts no session', async (_name, answer) => {
  const domain = `bad${Math.random().toString(36).slice(2, 8)}.test`
  const { c } = await account(domain)
  await makeUser({ companyId: c.id, email: `eve@${domain}` })
  const before = await db.session.count()
  const r = await signInThroughIdp(`eve@${domain}`, answer as Partial<AnswerOptions>)
  expect(r.location).toBe(`${APP}/login?sso_error=sso_invalid`)
  expect(r.cookies).toEqual([])
  expect(await db.session.count()).toBe(before)
})

test('a replayed assertion id is refused even in a fresh response', async () => {
  const { c } = await account('replay.test')
  await makeUser({ companyId: c.id, email: 'rita@replay.test' })
  const first = await signInThroughIdp('rita@replay.test', { assertionId: '_fixed-assertion-id' })
  expect(first.location).toBe(`${APP}/dashboard`)
  const again = await signInThroughIdp('rita@replay.test', { assertionId: '_fixed-assertion-id' })
  expect(again.location).toBe(`${APP}/login?sso_error=sso_invalid`)
  expect(again.cookies).toEqual([])
})

test('someone the IdP knows but who is not a member of the account is refused', async () => {
  await account('members.test')
  const r = await signInThroughIdp('stranger@members.test')
  expect(r.location).toBe(`${APP}/login?sso_error=sso_no_member`)
})

test('enforced SSO refuses passwords except for exempt members; the test flow records its result', async () => {
  const { c, owner, cookie } = await account('enforced.test')
  const member = await makeUser({ companyId: c.id, email: 'pat@enforced.test', password: 'pw-correct-horse' })
  await json(
    configRoute.PUT(
      ajaxRequest('/ajax/sso/config', {
        method: 'PUT',
        cookie,
        body: { enabled: true, enforced: true, emailDomains: ['enforced.test'] },
      }),
    ),
  )
  const password = (email: string) =>
    json(passwordLogin(ajaxRequest('/ajax/login', { method: 'POST', body: { email, password: 'pw-correct-horse' } })))
  expect((await password('pat@enforced.test')).body.error).toBe('sso_required')
  const added = await json(
    exemptionsRoute.POST(ajaxRequest('/ajax/sso/exemptions', { method: 'POST', cookie, body: { userId: owner.id } })),
  )
  expect((added.body.members as { id: number; exempt: boolean }[]).find((m) => m.id === owner.id)!.exempt).toBe(true)
  expect((await password('owner@enforced.test')).status).toBe(200)
  expect((await password('pat@enforced.test')).status).toBe(403)
  expect(
    (
      await json(
        checkRoute.POST(ajaxRequest('/ajax/sso/check-email', { method: 'POST', body: { email: 'pat@enforced.test' } })),
      )
    ).body.passwordAllowed,
  ).toBe(false)
  // A member of another account cannot be exempted here.
  const outsider = await makeUser()
  expect(
    (
      await exemptionsRoute.POST(
        ajaxRequest('/ajax/sso/exemptions', { method: 'POST', cookie, body: { userId: outsider.id } }),
      )
    ).status,
  ).toBe(404)

  // /sso/test: the IdP round trip records ok and signs nobody in.
  const started = await json(testRoute.POST(ajaxRequest('/ajax/sso/test', { method: 'POST', cookie })))
  idp.answer = { email: 'pat@enforced.test' }
  const page = await fetch(String(started.body.redirect))
  const r = await postToAcs(readAutoPostForm(await page.text()))
  expect(r.location).toBe(`${APP}/sso/test?result=ok`)
  expect(r.cookies).toEqual([])
  expect((await db.ssoConfig.findUnique({ where: { companyId: c.id } }))!.lastTestResult).toBe('ok')
  void member
})
