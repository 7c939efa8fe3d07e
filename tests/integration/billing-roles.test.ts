/** @jest-environment node */
// Issue 26 §3: only owners and admins see billing (seed 001 §6: the analyst gets no-access).
// Every billing screen of the route registry, and every billing endpoint through its real
// handler with a real session, for each role: owners and admins pass, everyone else is refused
// (403), and one account's owner never reads another's billing. Plus the billing email's
// answers (only 200 or 400), the auto-upgrade consent and the billing address's field errors.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(90_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { ROLES, resourcesForRole } from '@/lib/auth/roles'
import { matchRoute } from '@/lib/routes/match'
import { decideAccess } from '@/lib/routes/access'
import { ulid } from '@/lib/ids/make-id'
import * as pkg from '@/app/ajax/billing/current-billing-package/route'
import * as plan from '@/app/ajax/billing/plans/[id]/route'
import * as plans from '@/app/ajax/billing/plans/route'
import * as usage from '@/app/ajax/billing/company-usage/route'
import * as family from '@/app/ajax/billing/family-usage/route'
import * as byDay from '@/app/ajax/billing/account-usage/route'
import * as mgmt from '@/app/ajax/billing/plan-management-data/route'
import * as consent from '@/app/ajax/billing/change-auto-upgrade-consent/route'
import * as email from '@/app/ajax/billing/email/update/route'
import * as checkout from '@/app/ajax/billing/checkout/route'
import * as portal from '@/app/ajax/billing/portal/route'
import * as invoices from '@/app/ajax/billing/invoices/route'
import * as pdf from '@/app/ajax/billing/invoices/[id]/pdf/route'
import * as cancel from '@/app/ajax/billing/cancel/route'
import * as referrals from '@/app/ajax/billing/referrals/route'
import * as address from '@/app/ajax/account/billing-address/route'
import * as addressDelete from '@/app/ajax/account/billing-address/delete/route'
import * as info from '@/app/ajax/account/billing-company-information/route'

type Handler = (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>
const ENDPOINTS: Array<[string, 'GET' | 'POST', Handler, unknown?, Record<string, string>?]> = [
  ['/ajax/billing/current-billing-package', 'GET', pkg.GET],
  ['/ajax/billing/plans/free', 'GET', plan.GET, undefined, { id: 'free' }],
  ['/ajax/billing/plans', 'GET', plans.GET],
  ['/ajax/billing/company-usage', 'GET', usage.GET],
  ['/ajax/billing/family-usage', 'GET', family.GET],
  ['/ajax/billing/account-usage', 'GET', byDay.GET],
  ['/ajax/billing/plan-management-data', 'GET', mgmt.GET],
  ['/ajax/billing/change-auto-upgrade-consent', 'POST', consent.POST, { emailEnabled: false }],
  ['/ajax/billing/email/update', 'POST', email.POST, { billingEmail: 'billing@shop.test' }],
  ['/ajax/billing/checkout', 'POST', checkout.POST, { planKey: 'email-500' }],
  ['/ajax/billing/portal', 'POST', portal.POST, {}],
  ['/ajax/billing/invoices', 'GET', invoices.GET],
  ['/ajax/billing/invoices/1/pdf', 'GET', pdf.GET, undefined, { id: '1' }],
  ['/ajax/billing/cancel', 'GET', cancel.GET],
  ['/ajax/billing/cancel', 'POST', cancel.POST, { cancel: false }],
  ['/ajax/billing/referrals', 'GET', referrals.GET],
  ['/ajax/account/billing-address', 'GET', address.GET],
  ['/ajax/account/billing-address', 'POST', address.POST, { line1: '1 Main St', city: 'Austin', country: 'US' }],
  ['/ajax/account/billing-address/delete', 'POST', addressDelete.POST, {}],
  ['/ajax/account/billing-company-information', 'GET', info.GET],
  ['/ajax/account/billing-company-information', 'POST', info.POST, { companyName: 'Shop LLC' }],
]

async function call(h: Handler, path: string, cookie: string, body?: unknown, params?: Record<string, string>) {
  const res = await h(ajaxRequest(path, { method: body === undefined ? 'GET' : 'POST', cookie, body }), {
    params: Promise.resolve(params ?? {}),
  })
  const json = (res.headers.get('content-type') ?? '').includes('json') ? await res.json() : null
  return { status: res.status, json }
}

const BILLING_SCREENS = [
  '/settings/billing/overview',
  '/settings/billing/account-usage',
  '/settings/billing/email-plans',
  '/settings/billing/sms-plans',
  '/settings/billing/create-your-plan',
  '/settings/billing/checkout/email-500',
  '/settings/billing/manage-subscription',
  '/settings/billing/payment-history',
  '/settings/billing/preferences',
  '/cancel',
  '/referrals',
]
const ALLOWED = new Set(['owner', 'admin'])

test('every billing screen is built and opens for owners and admins only', () => {
  for (const path of BILLING_SCREENS) {
    const m = matchRoute(path)
    expect({ path, built: m?.route.built }).toEqual({ path, built: true })
    for (const role of ROLES) {
      const viewer = { resources: new Set(resourcesForRole(role)), staffResources: [], isStaff: false }
      expect({ path, role, decision: decideAccess(m!.route, viewer, {}) }).toEqual({
        path,
        role,
        decision: ALLOWED.has(role) ? 'allow' : 'forbidden',
      })
    }
  }
})

test('every billing endpoint: owners and admins pass, every other role gets 403', async () => {
  const company = await makeCompany()
  for (const role of ROLES) {
    const user = await makeUser({ companyId: company.id, role })
    const cookie = await signIn(user.id, company.id)
    for (const [path, method, handler, body, params] of ENDPOINTS) {
      const r = await call(handler, path, cookie, method === 'POST' ? (body ?? {}) : undefined, params)
      const refused = r.status === 403
      // Allowed calls may still say 404 (no invoice 1) or 409 (no payment account), never 403 or 500.
      expect({ role, method, path, refused, serverError: r.status >= 500 }).toEqual({
        role,
        method,
        path,
        refused: !ALLOWED.has(role),
        serverError: false,
      })
    }
  }
})

test('an account’s billing is its own: another owner reads only their own address and invoices', async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const ownerA = await signIn((await makeUser({ companyId: a.id })).id, a.id)
  const ownerB = await signIn((await makeUser({ companyId: b.id })).id, b.id)
  await call(address.POST, '/ajax/account/billing-address', ownerA, { line1: '1 A St', city: 'Aville', country: 'us' })
  const inv = await db.invoice.create({
    data: {
      companyId: a.id,
      number: `INV-A-${a.id}`,
      periodStart: new Date(),
      periodEnd: new Date(),
      lines: '[]',
      subtotalCents: 100,
      totalCents: 100,
    },
  })
  expect((await call(address.GET, '/ajax/account/billing-address', ownerB)).json).toEqual({ address: null })
  expect((await call(invoices.GET, '/ajax/billing/invoices', ownerB)).json).toEqual({ invoices: [] })
  const id = String(inv.id)
  expect((await call(pdf.GET, `/ajax/billing/invoices/${id}/pdf`, ownerB, undefined, { id })).status).toBe(404)
  expect((await call(address.GET, '/ajax/account/billing-address', ownerA)).json.address).toMatchObject({
    country: 'US',
  })
})

test('email/update answers 200 or 400 only; auto-upgrade consent is saved and audited; bad input is a field error', async () => {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id })
  const cookie = await signIn(user.id, company.id)
  for (const bad of [
    { billingEmail: 'not-an-email' },
    { billingEmail: '' },
    {},
    { billingEmail: 'x'.repeat(300) + '@a.b' },
  ]) {
    const r = await call(email.POST, '/ajax/billing/email/update', cookie, bad)
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors.billingEmail).toBeTruthy()
  }
  const ok = await call(email.POST, '/ajax/billing/email/update', cookie, { billingEmail: ' Billing@Shop.TEST ' })
  expect(ok).toEqual({ status: 200, json: { billingEmail: 'billing@shop.test' } })

  expect((await call(consent.POST, '/ajax/billing/change-auto-upgrade-consent', cookie, {})).status).toBe(400)
  expect(
    (await call(consent.POST, '/ajax/billing/change-auto-upgrade-consent', cookie, { smsEnabled: 'yes' })).status,
  ).toBe(400)
  const on = await call(consent.POST, '/ajax/billing/change-auto-upgrade-consent', cookie, { emailEnabled: true })
  expect(on.json).toEqual({ emailEnabled: true, smsEnabled: false })
  const p = await call(pkg.GET, '/ajax/billing/current-billing-package', cookie)
  expect(p.json.subscription).toMatchObject({
    billingEmail: 'billing@shop.test',
    autoUpgrade: { emailEnabled: true, smsEnabled: false },
  })
  const audit = await db.auditEntry.findMany({
    where: { companyId: company.id, action: 'billing.auto_upgrade_consent_changed' },
  })
  expect(audit.map((a) => ({ userId: a.userId, ...JSON.parse(a.details) }))).toEqual([
    {
      userId: user.id,
      from: { emailEnabled: false, smsEnabled: false },
      to: { emailEnabled: true, smsEnabled: false },
    },
  ])

  const badAddress = await call(address.POST, '/ajax/account/billing-address', cookie, {
    line1: '',
    city: 'X',
    country: 'USA',
  })
  expect(badAddress.status).toBe(400)
  expect(Object.keys(badAddress.json.fieldErrors).sort()).toEqual(['country', 'line1'])
})

test('cancel: the consequences first, then cancellation at period end; it can be withdrawn', async () => {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id })
  const cookie = await signIn(user.id, company.id)
  const preview = await call(cancel.GET, '/ajax/billing/cancel', cookie)
  expect(preview.json).toMatchObject({ cancelAtPeriodEnd: false, isPaid: false, after: { monthlySendsLimit: 500 } })
  const done = await call(cancel.POST, '/ajax/billing/cancel', cookie, { cancel: true })
  expect(done.json).toMatchObject({ cancelAtPeriodEnd: true, effectiveAt: preview.json.effectiveAt })
  expect((await call(cancel.GET, '/ajax/billing/cancel', cookie)).json.cancelAtPeriodEnd).toBe(true)
  expect((await call(cancel.POST, '/ajax/billing/cancel', cookie, { cancel: false })).json.cancelAtPeriodEnd).toBe(
    false,
  )
  expect((await call(cancel.POST, '/ajax/billing/cancel', cookie, { cancel: 'yes' })).status).toBe(400)
})

test('family usage: the accounts sharing an owner, summed; a sibling the viewer is not a member of is counted but not named', async () => {
  const a = await makeCompany('Family A')
  const b = await makeCompany('Family B')
  const c = await makeCompany('Family C')
  const stranger = await makeCompany('Not family')
  const owner = await makeUser({ companyId: a.id })
  await db.membership.create({ data: { userId: owner.id, companyId: b.id, role: 'owner' } })
  // C shares another owner with A; the viewing admin of A is a member of neither B nor C.
  const coOwner = await makeUser({ companyId: a.id })
  await db.membership.create({ data: { userId: coOwner.id, companyId: c.id, role: 'owner' } })
  const admin = await makeUser({ companyId: a.id, role: 'admin' })
  await db.membership.create({ data: { userId: admin.id, companyId: b.id, role: 'analyst' } })
  const now = new Date()
  for (const [companyId, n] of [
    [a.id, 2],
    [b.id, 3],
    [c.id, 1],
    [stranger.id, 5],
  ] as const)
    for (let i = 0; i < n; i++) {
      const p = await db.profile.create({ data: { id: ulid(), companyId, email: `f${companyId}-${i}@x.test` } })
      await db.send.create({
        data: {
          id: ulid(),
          companyId,
          channel: 'email',
          sourceType: 'campaign_message',
          sourceId: 'm',
          profileId: p.id,
          status: 'sent',
          content: '{}',
          sendingAt: now,
        },
      })
    }
  const cookie = await signIn(admin.id, a.id)
  const r = await call(family.GET, '/ajax/billing/family-usage', cookie)
  expect(r.status).toBe(200)
  const rows = r.json.companies as Array<{ companyId: number | null; name: string | null; emailsSent: number }>
  expect(rows.map((x) => [x.companyId, x.name, x.emailsSent])).toEqual([
    [a.id, 'Family A', 2],
    [b.id, 'Family B', 3],
    [null, null, 1],
  ])
  expect(r.json.total).toEqual({ activeProfiles: 6, emailsSent: 6, smsSegments: 0 })
})
