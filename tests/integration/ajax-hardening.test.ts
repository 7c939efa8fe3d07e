/** @jest-environment node */
// The /ajax wrapper refuses oversized and absurdly nested bodies before any handler runs.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { POST as login } from '@/app/ajax/login/route'
import { PATCH as patchProfile } from '@/app/ajax/profile/[id]/route'
import { MAX_AJAX_BODY_BYTES } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

function nested(depth: number): unknown {
  let v: unknown = 'x'
  for (let i = 0; i < depth; i++) v = { a: v }
  return v
}

test('a body nested 3,000 levels deep is a 400 on an unauthenticated route', async () => {
  const res = await login(
    ajaxRequest('/ajax/login', { method: 'POST', body: { email: 'a@b.c', password: nested(3000) } }),
  )
  expect(res.status).toBe(400)
})

test('a body larger than the cap is a 413', async () => {
  const huge = 'x'.repeat(MAX_AJAX_BODY_BYTES + 10)
  const res = await login(ajaxRequest('/ajax/login', { method: 'POST', body: { email: 'a@b.c', password: huge } }))
  expect(res.status).toBe(413)
})

test('profile edits with deeply nested properties are refused and change nothing', async () => {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role: 'owner' })
  const profile = await db.profile.create({
    data: { id: '01KBBBBBBBBBBBBBBBBBBBBBBB', companyId: company.id, email: 'p@example.com' },
  })
  const res = await patchProfile(
    ajaxRequest(`/ajax/profile/${profile.id}`, {
      method: 'PATCH',
      cookie: await signIn(user.id, company.id),
      body: { properties: { junk: nested(1500) } },
    }),
    params({ id: profile.id }),
  )
  expect(res.status).toBe(400)
  expect((await db.profile.findUniqueOrThrow({ where: { id: profile.id } })).properties).toBe('{}')
})

test('adding list members by unknown email needs profile_write (a coordinator cannot create profiles)', async () => {
  const { POST: addMembers } = await import('@/app/ajax/list/[id]/members/route')
  const company = await makeCompany()
  const coordinator = await makeUser({ companyId: company.id, role: 'campaign_coordinator' })
  const list = await db.group.create({ data: { id: 'LSTCRD', companyId: company.id, name: 'Promo' } })
  await db.profile.create({
    data: { id: '01KCCCCCCCCCCCCCCCCCCCCCCC', companyId: company.id, email: 'known@example.com' },
  })
  const cookie = await signIn(coordinator.id, company.id)
  const unknown = await addMembers(
    ajaxRequest(`/ajax/list/${list.id}/members`, { method: 'POST', cookie, body: { emails: ['new@example.com'] } }),
    params({ id: list.id }),
  )
  expect(unknown.status).toBe(400)
  expect(await db.profile.count({ where: { companyId: company.id } })).toBe(1)
  const known = await addMembers(
    ajaxRequest(`/ajax/list/${list.id}/members`, { method: 'POST', cookie, body: { emails: ['known@example.com'] } }),
    params({ id: list.id }),
  )
  expect(known.status).toBe(200)
})

test('40 concurrent wrong passwords get 10 checks; the rest are refused with 429', async () => {
  const company = await makeCompany()
  const user = await makeUser({ email: 'burst@example.com', companyId: company.id })
  const tries = await Promise.all(
    Array.from({ length: 40 }, () =>
      login(ajaxRequest('/ajax/login', { method: 'POST', body: { email: user.email, password: 'wrong-guess' } })),
    ),
  )
  const statuses = tries.map((r) => r.status)
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10)
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30)
  // Even the right password waits out the window now.
  expect(
    (
      await login(
        ajaxRequest('/ajax/login', { method: 'POST', body: { email: user.email, password: 'correct-horse' } }),
      )
    ).status,
  ).toBe(429)
})

test('signed-in answers refresh the session-state cookie; logout clears it and nothing re-adds it', async () => {
  const { GET: hotSettings } = await import('@/app/ajax/account/hot-settings/route')
  const { POST: logout } = await import('@/app/ajax/logout/route')
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id })
  const cookie = await signIn(user.id, company.id)
  const res = await hotSettings(ajaxRequest('/ajax/account/hot-settings', { cookie }))
  const state = res.headers.getSetCookie().find((c) => c.startsWith('kl_session_state='))
  expect(state).toMatch(new RegExp(`^kl_session_state=${company.id}%3B${user.id}%3B%3B\\d+%3Bv2`))
  // Idle expiry (24 h by default) is what the browser is told, not the 14-day absolute end.
  const seconds = Number(decodeURIComponent(state!.split(';')[0]!.split('=')[1]!).split(';')[3])
  expect(seconds).toBeLessThanOrEqual(24 * 3600)
  const out = await logout(ajaxRequest('/ajax/logout', { method: 'POST', cookie }))
  const states = out.headers.getSetCookie().filter((c) => c.startsWith('kl_session_state='))
  expect(states).toHaveLength(1)
  expect(states[0]).toContain('Max-Age=0')
})
