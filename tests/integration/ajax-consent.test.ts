/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { DELETE as revoke, GET as getGrant, POST as grant } from '@/app/ajax/consent/grant/route'
import { GET as enabled } from '@/app/ajax/consent/enabled/route'
import { POST as openAccount } from '@/app/ajax/staff/account/[companyId]/open/route'
import { GET as authorization } from '@/app/ajax/authorization/route'
import { db } from '@/lib/db/client'
import { STAFF_RESOURCES } from '@/lib/auth/resources'
import { ajaxRequest, CSRF, makeCompany, makeUser, params, signIn } from '../helpers/factory'

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400_000).toISOString().slice(0, 10)

async function customer() {
  const c = await makeCompany('Customer')
  const owner = await makeUser({ companyId: c.id, role: 'owner', email: `owner-${c.id}@example.test` })
  return { c, owner, cookie: await signIn(owner.id, c.id) }
}

async function staffer() {
  const home = await makeCompany('Provider')
  const s = await makeUser({ companyId: home.id, isStaff: true, staffResources: [...STAFF_RESOURCES] })
  return { home, s, cookie: await signIn(s.id, home.id) }
}

describe('/ajax/consent/grant', () => {
  test('grant normalises to 23:59:59.999 of the day; GET shows it; DELETE revokes', async () => {
    const { c, cookie } = await customer()
    expect(await (await getGrant(ajaxRequest('/ajax/consent/grant', { cookie }))).json()).toEqual({ data: null })

    const target = day(3)
    const res = await grant(ajaxRequest('/ajax/consent/grant', { method: 'POST', cookie, body: { expiresAt: target } }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.data.expiresAt).toBe(`${target}T23:59:59.999Z`)
    expect(body.data.grantedBy).toBe('Test User')

    // An ISO timestamp in the middle of a day is normalised too; the old consent is replaced.
    const iso = await grant(
      ajaxRequest('/ajax/consent/grant', { method: 'POST', cookie, body: { expires_at: `${day(5)}T08:30:00.000Z` } }),
    )
    expect((await iso.json()).data.expiresAt).toBe(`${day(5)}T23:59:59.999Z`)
    expect(await db.staffConsent.count({ where: { companyId: c.id, revokedAt: null } })).toBe(1)

    const got = await (await getGrant(ajaxRequest('/ajax/consent/grant', { cookie }))).json()
    expect(got.data.expiresAt).toBe(`${day(5)}T23:59:59.999Z`)

    const del = await revoke(ajaxRequest('/ajax/consent/grant', { method: 'DELETE', cookie }))
    expect(del.status).toBe(200)
    expect(await (await getGrant(ajaxRequest('/ajax/consent/grant', { cookie }))).json()).toEqual({ data: null })
  })

  test('today is allowed; yesterday, more than 30 days ahead and garbage are 400', async () => {
    const { cookie } = await customer()
    const post = (expiresAt: string) =>
      grant(ajaxRequest('/ajax/consent/grant', { method: 'POST', cookie, body: { expiresAt } }))
    expect((await post(day(0))).status).toBe(200)
    expect((await post(day(30))).status).toBe(200)
    for (const bad of [day(-1), day(31), 'not-a-date']) {
      const res = await post(bad)
      expect(res.status).toBe(400)
      expect((await res.json()).fieldErrors.expiresAt).toBeDefined()
    }
  })

  test('needs staff_consent_write (an analyst gets 403) and CSRF', async () => {
    const { c, cookie } = await customer()
    const analyst = await makeUser({ companyId: c.id, role: 'analyst' })
    const analystCookie = await signIn(analyst.id, c.id)
    expect(
      (
        await grant(
          ajaxRequest('/ajax/consent/grant', { method: 'POST', cookie: analystCookie, body: { expiresAt: day(1) } }),
        )
      ).status,
    ).toBe(403)
    expect((await revoke(ajaxRequest('/ajax/consent/grant', { method: 'DELETE', cookie: analystCookie }))).status).toBe(
      403,
    )
    const noCsrf = cookie.replace(`; kl_csrftoken=${CSRF}`, '')
    expect(
      (
        await grant(
          ajaxRequest('/ajax/consent/grant', {
            method: 'POST',
            cookie: noCsrf,
            body: { expiresAt: day(1) },
            csrf: false,
          }),
        )
      ).status,
    ).toBe(403)
  })

  test('GET /ajax/consent/enabled', async () => {
    const { cookie } = await customer()
    expect(await (await enabled(ajaxRequest('/ajax/consent/enabled', { cookie }))).json()).toEqual({ enabled: true })
  })
})

describe('POST /ajax/staff/account/[companyId]/open', () => {
  test('403 without consent, 200 with it (read-only resources), back home after revocation', async () => {
    const { c, cookie: ownerCookie } = await customer()
    const { home, s, cookie } = await staffer()
    const open = () =>
      openAccount(
        ajaxRequest(`/ajax/staff/account/${c.id}/open`, { method: 'POST', cookie }),
        params({ companyId: String(c.id) }),
      )

    const denied = await open()
    expect(denied.status).toBe(403)

    await grant(
      ajaxRequest('/ajax/consent/grant', { method: 'POST', cookie: ownerCookie, body: { expiresAt: day(2) } }),
    )
    const ok = await open()
    expect(ok.status).toBe(200)
    const state = ok.headers.getSetCookie().find((x) => x.startsWith('kl_session_state='))!
    expect(decodeURIComponent(state.split(';')[0]!.split('=')[1]!)).toMatch(new RegExp(`^${c.id};${s.id};`))

    const auth = await (await authorization(ajaxRequest('/ajax/authorization', { cookie }))).json()
    expect(auth).toMatchObject({ company: c.id, role: 'staff', isMasquerade: true })
    expect(auth.resources).not.toContain('staff_consent_write')
    expect(auth.resources.some((r: string) => r.endsWith('_write'))).toBe(false)

    await revoke(ajaxRequest('/ajax/consent/grant', { method: 'DELETE', cookie: ownerCookie }))
    const after = await (await authorization(ajaxRequest('/ajax/authorization', { cookie }))).json()
    expect(after).toMatchObject({ company: home.id, isMasquerade: false })
  })

  test('non-staff users get 404; unknown companies 404', async () => {
    const { c, cookie } = await customer()
    const res = await openAccount(
      ajaxRequest(`/ajax/staff/account/${c.id}/open`, { method: 'POST', cookie }),
      params({ companyId: String(c.id) }),
    )
    expect(res.status).toBe(404)
    const { cookie: staffCookie } = await staffer()
    const missing = await openAccount(
      ajaxRequest('/ajax/staff/account/999999/open', { method: 'POST', cookie: staffCookie }),
      params({ companyId: '999999' }),
    )
    expect(missing.status).toBe(404)
  })
})
