/** @jest-environment node */
// Issue 26 §1: earned referral credits come off the account's next invoices of ours (plans
// assigned by staff without Stripe): a negative "Referral credit" line up to the invoice's charge,
// the rest carried to the next invoice; a referral that became paying is credited before the
// invoice; a voided invoice gives its credit back; one account's credits never reduce another's.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { read } from '@/lib/db/ops'
import { getSubscription } from '@/lib/billing/subscription'
import { assignPlan } from '@/lib/billing/assign-plan'
import { listInvoices } from '@/lib/billing/invoices'
import { referralCreditBalanceOps, REFERRAL_CREDIT_KEY } from '@/lib/billing/referral-credit'
import { makeCompany, makeUser } from '../helpers/factory'

let staffId: number

async function referred(referrerId: number, code: string, paying: boolean) {
  const c = await makeCompany()
  await db.referral.create({ data: { companyId: referrerId, code, referredCompanyId: c.id } })
  await getSubscription(c.id)
  if (paying) await db.companySubscription.update({ where: { companyId: c.id }, data: { emailPlanKey: 'email-500' } })
  return c.id
}

// The last issued: by id, since invoices issued in the same millisecond tie on issuedAt.
const latest = async (companyId: number) => (await listInvoices(companyId)).sort((x, y) => y.id - x.id)[0]!
const creditOf = (inv: { lines: Array<{ planKey: string | null; amountCents: number }> }) =>
  inv.lines.filter((l) => l.planKey === REFERRAL_CREDIT_KEY).reduce((a, l) => a + l.amountCents, 0)

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY
  const home = await makeCompany()
  staffId = (await makeUser({ companyId: home.id, isStaff: true, staffResources: ['staff_base', 'staff_billing'] })).id
})

test('credits come off the next invoices, carried over until used; a void invoice gives them back', async () => {
  const a = await makeCompany()
  const code = (await getSubscription(a.id)).referralCode!
  await referred(a.id, code, true)
  const later = await referred(a.id, code, false)

  // $20 plan, $50 earned (credited at invoicing: the referrer never looked at /referrals).
  await assignPlan(a.id, 'email-500', staffId)
  let inv = await latest(a.id)
  expect(inv.lines).toEqual([
    expect.objectContaining({ planKey: 'email-500', amountCents: 2000 }),
    { description: 'Referral credit', planKey: REFERRAL_CREDIT_KEY, amountCents: -2000 },
  ])
  expect(inv).toMatchObject({ subtotalCents: 0, totalCents: 0 })
  expect(await read(referralCreditBalanceOps(a.id))).toBe(3000)

  await assignPlan(a.id, 'email-1000', staffId) // $30: the remaining $30
  inv = await latest(a.id)
  expect(creditOf(inv)).toBe(-3000)
  expect(inv.subtotalCents).toBe(0)

  await assignPlan(a.id, 'email-2500', staffId) // $60: nothing left
  inv = await latest(a.id)
  expect(creditOf(inv)).toBe(0)
  expect(inv.lines).toHaveLength(1)
  expect(inv.subtotalCents).toBe(6000)

  // The second referred account starts paying: its $50 comes off the next $100 invoice.
  await db.companySubscription.update({ where: { companyId: later }, data: { emailPlanKey: 'email-500' } })
  await assignPlan(a.id, 'email-5000', staffId)
  inv = await latest(a.id)
  expect(creditOf(inv)).toBe(-5000)
  expect(inv.subtotalCents).toBe(5000)
  expect(await read(referralCreditBalanceOps(a.id))).toBe(0)

  await db.invoice.update({ where: { id: inv.id }, data: { status: 'void' } })
  expect(await read(referralCreditBalanceOps(a.id))).toBe(5000)
})

test("one account's credits never reduce another's invoice", async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const code = (await getSubscription(a.id)).referralCode!
  await referred(a.id, code, true)
  await getSubscription(b.id)
  await assignPlan(b.id, 'email-500', staffId)
  const inv = await latest(b.id)
  expect(creditOf(inv)).toBe(0)
  expect(inv.subtotalCents).toBe(2000)
  expect(await read(referralCreditBalanceOps(b.id))).toBe(0)
  await assignPlan(a.id, 'email-500', staffId)
  expect(creditOf(await latest(a.id))).toBe(-2000)
})
