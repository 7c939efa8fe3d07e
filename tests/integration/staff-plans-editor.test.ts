/** @jest-environment node */
// Issue 26 §1: the operator's plan editor (/staff/plans over /ajax/staff/billing/plans). Staff
// with staff_billing list, edit and add plans through the real handlers; bad input is a 400 with
// field errors; every change is a row of the staff audit; a merchant, or staff without the
// resource, gets a 404; an edit reaches new checkouts while a subscription keeps its plan key.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { getSubscription } from '@/lib/billing/subscription'
import type { Plan } from '@/lib/billing/plans'
import * as plansRoute from '@/app/ajax/staff/billing/plans/route'
import { POST as checkout } from '@/app/ajax/billing/checkout/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies of many shapes
type Body = Record<string, any>
const URL = '/ajax/staff/billing/plans'

async function call(h: (r: Request) => Promise<Response>, cookie: string, body?: unknown, path = URL) {
  const res = await h(ajaxRequest(path, { method: body === undefined ? 'GET' : 'POST', cookie, body }))
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Body }
}

async function staffer(resources: string[] = ['staff_base', 'staff_billing']) {
  const home = await makeCompany('Provider')
  const s = await makeUser({ companyId: home.id, isStaff: true, staffResources: resources })
  return { s, cookie: await signIn(s.id, home.id) }
}

async function merchant() {
  const c = await makeCompany('Shop ' + Math.random().toString(36).slice(2, 7))
  const owner = await makeUser({ companyId: c.id })
  return { c, cookie: await signIn(owner.id, c.id) }
}

// The editable fields of a plan, as the screen posts them.
const planBody = ({ active, stripePriceId, ...p }: Plan) => ({ ...p, active, stripePriceId })

const audit = (staffUserId: number) =>
  db.staffAuditEntry.findMany({
    where: { staffUserId },
    orderBy: { id: 'asc' },
    select: { action: true, details: true },
  })

test('lists the plans; edits name, allowance, price and visibility; adds a tier; each change audited', async () => {
  const { s, cookie } = await staffer()
  const list = await call(plansRoute.GET, cookie)
  expect(list.status).toBe(200)
  const plans = list.json.plans as Plan[]
  const p500 = plans.find((p) => p.key === 'email-500')!
  expect(p500).toMatchObject({ channel: 'email', monthlySendsLimit: 5000, priceCents: 2000, currency: 'USD' })
  expect(plans.filter((p) => p.channel === 'sms').map((p) => p.tierIndex)).toEqual([0, 1, 2, 3, 4, 5])

  // A merchant already on the plan keeps its key through the edit.
  const m = await merchant()
  await getSubscription(m.c.id)
  await db.companySubscription.update({ where: { companyId: m.c.id }, data: { emailPlanKey: 'email-500' } })

  const edited = { ...planBody(p500), name: 'Starter', monthlySendsLimit: 6000, priceCents: 2500 }
  const r = await call(plansRoute.POST, cookie, edited)
  expect(r.status).toBe(200)
  expect(r.json.plan).toMatchObject({ key: 'email-500', name: 'Starter', monthlySendsLimit: 6000, priceCents: 2500 })
  // Saving the same again changes nothing and records nothing.
  expect((await call(plansRoute.POST, cookie, edited)).status).toBe(200)

  const added = { ...planBody(p500), key: 'email-750', name: 'Email 750', tierIndex: 9, priceCents: 2200 }
  expect((await call(plansRoute.POST, cookie, added)).status).toBe(200)
  const after = (await call(plansRoute.GET, cookie)).json.plans as Plan[]
  expect(after.find((p) => p.key === 'email-750')).toMatchObject({ channel: 'email', tierIndex: 9, active: true })

  const rows = await audit(s.id)
  expect(rows.map((a) => a.action)).toEqual(['plans.update', 'plans.create'])
  expect(JSON.parse(rows[0]!.details)).toEqual({
    key: 'email-500',
    changes: {
      name: { from: 'Email 500', to: 'Starter' },
      monthlySendsLimit: { from: 5000, to: 6000 },
      priceCents: { from: 2000, to: 2500 },
    },
  })

  // Hidden: new checkouts refuse it, the account on it keeps its key.
  expect((await call(plansRoute.POST, cookie, { ...edited, active: false })).status).toBe(200)
  const refused = await call(checkout, m.cookie, { planKey: 'email-500' }, '/ajax/billing/checkout')
  expect(refused.status).toBe(400)
  expect((await db.companySubscription.findUniqueOrThrow({ where: { companyId: m.c.id } })).emailPlanKey).toBe(
    'email-500',
  )
  // The new tier is offered at checkout (manual mode: no Stripe key in the tests).
  const offered = await call(checkout, m.cookie, { planKey: 'email-750' }, '/ajax/billing/checkout')
  expect(offered.status).toBe(200)
  expect((await audit(s.id)).map((a) => JSON.parse(a.details).changes?.active)).toEqual([
    undefined,
    undefined,
    { from: true, to: false },
  ])
})

test('bad input: 400 with field errors, nothing saved, nothing audited', async () => {
  const { s, cookie } = await staffer()
  const plans = (await call(plansRoute.GET, cookie)).json.plans as Plan[]
  const p = planBody(plans.find((x) => x.key === 'email-1000')!)
  for (const [bad, field] of [
    [{ ...p, name: '' }, 'name'],
    [{ ...p, priceCents: -1 }, 'priceCents'],
    [{ ...p, monthlySendsLimit: 1.5 }, 'monthlySendsLimit'],
    [{ ...p, currency: 'dollars' }, 'currency'],
    [{ ...p, key: 'Not A Key' }, 'key'],
    [{ ...p, channel: 'sms' }, 'channel'],
  ] as const) {
    const r = await call(plansRoute.POST, cookie, bad)
    expect({ field, status: r.status, has: Boolean(r.json.fieldErrors?.[field]) }).toEqual({
      field,
      status: 400,
      has: true,
    })
  }
  expect((await db.billingPlan.findUniqueOrThrow({ where: { key: 'email-1000' } })).name).toBe('Email 1,000')
  expect(await audit(s.id)).toEqual([])
})

test('a merchant session and staff without staff_billing are refused', async () => {
  const m = await merchant()
  const other = await staffer(['staff_base', 'staff_audit'])
  const plans = (await call(plansRoute.GET, (await staffer()).cookie)).json.plans as Plan[]
  const body = { ...planBody(plans[1]!), name: 'Hijacked' }
  // As on every staff route, neither is told the tool exists.
  for (const cookie of [m.cookie, other.cookie]) {
    expect((await call(plansRoute.GET, cookie)).status).toBe(404)
    expect((await call(plansRoute.POST, cookie, body)).status).toBe(404)
  }
  expect(await db.billingPlan.count({ where: { name: 'Hijacked' } })).toBe(0)
})
