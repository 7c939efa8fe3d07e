/** @jest-environment node */
// A user of company A cannot read or change company B's data through any endpoint of this issue.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first calls compile the route modules; on a busy machine (and on PostgreSQL) that takes a while.
jest.setTimeout(30_000)
import { POST as createTicket } from '@/app/ajax/support/tickets/route'
import { GET as getTicket } from '@/app/ajax/support/tickets/[ticketId]/route'
import { DELETE as revokeConsent, GET as getConsent, POST as grantConsent } from '@/app/ajax/consent/grant/route'
import { GET as abTests } from '@/app/ajax/account/ab_tests/route'
import { GET as hotSettings } from '@/app/ajax/account/hot-settings/route'
import { GET as companies } from '@/app/ajax/account/companies/route'
import { POST as switchCompany } from '@/app/ajax/account/switch-company/route'
import { POST as openAccount } from '@/app/ajax/staff/account/[companyId]/open/route'
import { GET as appShell } from '@/app/ajax/app_shell/route'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let a: { id: number }, b: { id: number }, cookieA: string, cookieB: string

beforeAll(async () => {
  a = await makeCompany('Company A')
  b = await makeCompany('Company B')
  const userA = await makeUser({ companyId: a.id, role: 'owner' })
  const userB = await makeUser({ companyId: b.id, role: 'owner' })
  cookieA = await signIn(userA.id, a.id)
  cookieB = await signIn(userB.id, b.id)
  await db.abTestAssignment.create({ data: { companyId: b.id, experiment: 'b_only_experiment', value: 'true' } })
  await db.featureFlag.create({ data: { companyId: b.id, name: 'amp', enabled: true } })
})

test("A cannot read B's support ticket", async () => {
  const res = await createTicket(
    ajaxRequest('/ajax/support/tickets', {
      method: 'POST',
      cookie: cookieB,
      body: { subject: 'B secret', message: 'private' },
    }),
  )
  const { ticket } = await res.json()
  const asA = await getTicket(
    ajaxRequest(`/ajax/support/tickets/${ticket.id}`, { cookie: cookieA }),
    params({ ticketId: String(ticket.id) }),
  )
  expect(asA.status).toBe(404)
  expect(JSON.stringify(await asA.json())).not.toContain('B secret')
})

test("A's consent calls only ever touch A", async () => {
  const tomorrow = new Date(Date.now() + 86400_000).toISOString().slice(0, 10)
  await grantConsent(
    ajaxRequest('/ajax/consent/grant', { method: 'POST', cookie: cookieB, body: { expiresAt: tomorrow } }),
  )
  expect(await (await getConsent(ajaxRequest('/ajax/consent/grant', { cookie: cookieA }))).json()).toEqual({
    data: null,
  })
  // A revoking (its own) consent leaves B's in place; a companyId in the body is ignored.
  await revokeConsent(
    ajaxRequest('/ajax/consent/grant', { method: 'DELETE', cookie: cookieA, body: { companyId: b.id } }),
  )
  expect((await (await getConsent(ajaxRequest('/ajax/consent/grant', { cookie: cookieB }))).json()).data).not.toBeNull()
  await grantConsent(
    ajaxRequest('/ajax/consent/grant', {
      method: 'POST',
      cookie: cookieA,
      body: { expiresAt: tomorrow, companyId: b.id },
    }),
  )
  expect(await db.staffConsent.count({ where: { companyId: b.id, revokedAt: null } })).toBe(1)
  expect(await db.staffConsent.count({ where: { companyId: a.id, revokedAt: null } })).toBe(1)
})

test("A cannot see B's A/B map or flags", async () => {
  expect(await (await abTests(ajaxRequest('/ajax/account/ab_tests', { cookie: cookieA }))).json()).toEqual({})
  const flags = (await (await hotSettings(ajaxRequest('/ajax/account/hot-settings', { cookie: cookieA }))).json())
    .featureFlags
  expect(flags.amp).toBe(false)
})

test('A cannot switch into B, nor open it as if staff, nor see it in the account list', async () => {
  const sw = await switchCompany(
    ajaxRequest('/ajax/account/switch-company', { method: 'POST', cookie: cookieA, body: { companyId: b.id } }),
  )
  expect(sw.status).toBe(404)
  const open = await openAccount(
    ajaxRequest(`/ajax/staff/account/${b.id}/open`, { method: 'POST', cookie: cookieA }),
    params({ companyId: String(b.id) }),
  )
  expect(open.status).toBe(404)
  const list = await (await companies(ajaxRequest('/ajax/account/companies', { cookie: cookieA }))).json()
  expect(list.map((c: { id: number }) => c.id)).toEqual([a.id])
  const shell = await (await appShell(ajaxRequest('/ajax/app_shell', { cookie: cookieA }))).json()
  expect(shell.companyId).toBe(a.id)
})
