/** @jest-environment node */
// Issue 26 §1 and §3, payments: Checkout and the customer portal through the stripe library
// against a local stand-in speaking Stripe's REST shape (STRIPE_API_BASE), webhooks verified
// with their signature (bad → 401, a repeated event changes nothing), Stripe's invoices
// mirrored; and without a Stripe key, plans assigned by staff with an invoice record, its tax
// from the billing address's country, downloadable as a PDF.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import Stripe from 'stripe'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-standin'
import { POST as checkout } from '@/app/ajax/billing/checkout/route'
import { POST as portal } from '@/app/ajax/billing/portal/route'
import { GET as invoices } from '@/app/ajax/billing/invoices/route'
import { GET as invoicePdf } from '@/app/ajax/billing/invoices/[id]/pdf/route'
import { POST as saveAddress } from '@/app/ajax/account/billing-address/route'
import { POST as saveInfo } from '@/app/ajax/account/billing-company-information/route'
import { POST as assignPlan } from '@/app/ajax/staff/account/[companyId]/billing-plan/route'
import { POST as webhook } from '@/app/webhooks/stripe/route'
import { POST as cancelRoute } from '@/app/ajax/billing/cancel/route'
import { GET as appShell } from '@/app/ajax/app_shell/route'

const KEY = 'sk_test_standin_123'
const SECRET = 'whsec_test_secret'
let stripe: StripeStandIn

beforeAll(async () => {
  stripe = await startStripeStandIn(KEY)
})
afterAll(() => stripe.close())
beforeEach(() => {
  process.env.STRIPE_SECRET_KEY = KEY
  process.env.STRIPE_WEBHOOK_SECRET = SECRET
  process.env.STRIPE_API_BASE = stripe.baseUrl
  process.env.PROVIDERS_ALLOW_PRIVATE = '1'
  delete process.env.BILLING_TAX_RATES
})
afterEach(() => {
  delete process.env.STRIPE_SECRET_KEY
  delete process.env.STRIPE_WEBHOOK_SECRET
  delete process.env.STRIPE_API_BASE
})

type Handler = (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>
async function call(h: Handler, path: string, cookie: string, body?: unknown, params?: Record<string, string>) {
  const res = await h(ajaxRequest(path, { method: body === undefined ? 'GET' : 'POST', cookie, body }), {
    params: Promise.resolve(params ?? {}),
  })
  const type = res.headers.get('content-type') ?? ''
  return { status: res.status, json: type.includes('json') ? await res.json() : null, res }
}

async function owner() {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role: 'owner' })
  return { company, user, cookie: await signIn(user.id, company.id) }
}

function signed(event: Record<string, unknown>, secret = SECRET) {
  const payload = JSON.stringify(event)
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret })
  return new Request('http://localhost/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  })
}

const event = (id: string, type: string, object: Record<string, unknown>) => ({
  id,
  object: 'event',
  type,
  api_version: '2024-06-20',
  created: Math.floor(Date.now() / 1000),
  data: { object },
})

test('checkout: a Stripe customer once, then a Checkout session for the plan’s price; the portal for that customer', async () => {
  const { company, user, cookie } = await owner()
  const r = await call(checkout, '/ajax/billing/checkout', cookie, { planKey: 'email-500' })
  expect(r.status).toBe(200)
  expect(r.json.mode).toBe('stripe')
  expect(r.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/)
  const [cust, session] = stripe.requests.slice(-2)
  expect(cust).toMatchObject({
    path: '/v1/customers',
    form: { email: user.email, 'metadata[companyId]': String(company.id) },
  })
  expect(session!.path).toBe('/v1/checkout/sessions')
  expect(session!.form).toMatchObject({
    mode: 'subscription',
    'metadata[planKey]': 'email-500',
    'line_items[0][price_data][unit_amount]': '2000',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][recurring][interval]': 'month',
  })
  const sub = await db.companySubscription.findUniqueOrThrow({ where: { companyId: company.id } })
  expect(session!.form.customer).toBe(sub.stripeCustomerId)

  // A second checkout reuses the customer.
  const before = stripe.requests.length
  await call(checkout, '/ajax/billing/checkout', cookie, { planKey: 'email-1000' })
  expect(stripe.requests.slice(before).map((q) => q.path)).toEqual(['/v1/checkout/sessions'])

  const p = await call(portal, '/ajax/billing/portal', cookie, {})
  expect(p.status).toBe(200)
  expect(p.json.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//)
  expect(stripe.requests.at(-1)!.form.customer).toBe(sub.stripeCustomerId)
})

test('checkout refuses a free or unknown plan with a field error, never a 500', async () => {
  const { cookie } = await owner()
  for (const planKey of ['free', 'no-such-plan', '']) {
    const r = await call(checkout, '/ajax/billing/checkout', cookie, { planKey })
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors.planKey).toBeTruthy()
  }
})

test('webhooks: a bad signature is a 401 and changes nothing; a completed checkout moves the plan once, a replay changes nothing', async () => {
  const { company } = await owner()
  const completed = event('evt_checkout_1', 'checkout.session.completed', {
    id: 'cs_test_x',
    object: 'checkout.session',
    customer: 'cus_abc',
    subscription: 'sub_abc',
    metadata: { companyId: String(company.id), planKey: 'email-500' },
  })
  const forged = await webhook(signed(completed, 'whsec_wrong'))
  expect(forged.status).toBe(401)
  const unsigned = await webhook(
    new Request('http://localhost/webhooks/stripe', { method: 'POST', body: JSON.stringify(completed) }),
  )
  expect(unsigned.status).toBe(401)
  expect(await db.billingEvent.count()).toBe(0)
  expect(await db.planChange.count({ where: { companyId: company.id } })).toBe(0)

  const ok = await webhook(signed(completed))
  expect(ok.status).toBe(200)
  expect(await ok.json()).toEqual({ received: true, result: 'applied' })
  const sub = await db.companySubscription.findUniqueOrThrow({ where: { companyId: company.id } })
  expect(sub).toMatchObject({ emailPlanKey: 'email-500', stripeCustomerId: 'cus_abc', stripeSubscriptionId: 'sub_abc' })
  expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).planKey).toBe('email-500')

  const replay = await webhook(signed(completed))
  expect(await replay.json()).toEqual({ received: true, result: 'duplicate' })
  expect(await db.planChange.findMany({ where: { companyId: company.id } })).toMatchObject([
    { channel: 'email', fromPlanKey: 'free', toPlanKey: 'email-500', reason: 'checkout' },
  ])

  // Stripe's invoice, mirrored once, with its PDF; the subscription's end returns the account to free.
  const paid = event('evt_invoice_1', 'invoice.paid', {
    id: 'in_1',
    object: 'invoice',
    number: 'STRIPE-0001',
    customer: 'cus_abc',
    currency: 'usd',
    subtotal: 2000,
    total: 2400,
    period_start: 1772323200,
    period_end: 1775001600,
    lines: { object: 'list', data: [{ id: 'il_1', description: 'Email 500', amount: 2000 }] },
  })
  expect((await webhook(signed(paid))).status).toBe(200)
  expect((await webhook(signed(paid))).status).toBe(200)
  const invs = await db.invoice.findMany({ where: { companyId: company.id } })
  expect(invs).toMatchObject([
    { number: 'STRIPE-0001', subtotalCents: 2000, taxCents: 400, totalCents: 2400, status: 'paid' },
  ])

  const deleted = event('evt_sub_deleted', 'customer.subscription.deleted', {
    id: 'sub_abc',
    object: 'subscription',
    customer: 'cus_abc',
    status: 'canceled',
    cancel_at_period_end: false,
    metadata: {},
  })
  expect((await webhook(signed(deleted))).status).toBe(200)
  expect(await db.companySubscription.findUniqueOrThrow({ where: { companyId: company.id } })).toMatchObject({
    emailPlanKey: 'free',
    status: 'canceled',
    stripeSubscriptionId: null,
  })
})

test('without a Stripe key: checkout says plans are assigned; staff assign one, invoiced with the country’s tax, as a PDF', async () => {
  delete process.env.STRIPE_SECRET_KEY
  process.env.BILLING_TAX_RATES = 'FR:20,DE:19'
  const { company, cookie } = await owner()
  expect((await call(checkout, '/ajax/billing/checkout', cookie, { planKey: 'email-500' })).json).toEqual({
    mode: 'manual',
  })

  const address = { line1: '5 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'fr' }
  expect(
    (await call(saveAddress, '/ajax/account/billing-address', cookie, { ...address, country: 'France' })).status,
  ).toBe(400)
  expect((await call(saveAddress, '/ajax/account/billing-address', cookie, address)).json).toMatchObject({
    address: { country: 'FR', city: 'Paris' },
  })
  await call(saveInfo, '/ajax/account/billing-company-information', cookie, {
    companyName: 'Boutique SAS',
    taxId: 'FR123',
  })

  const path = `/ajax/staff/account/${company.id}/billing-plan`
  const params = { companyId: String(company.id) }
  // An owner is not staff: staff endpoints do not exist for them.
  expect((await call(assignPlan, path, cookie, { planKey: 'email-500' }, params)).status).toBe(404)
  const home = await makeCompany()
  const staff = await makeUser({ companyId: home.id, isStaff: true, staffResources: ['staff_base', 'staff_billing'] })
  const staffCookie = await signIn(staff.id, home.id)
  expect((await call(assignPlan, path, staffCookie, { planKey: 'nope' }, params)).status).toBe(400)
  const r = await call(assignPlan, path, staffCookie, { planKey: 'email-500' }, params)
  expect(r.status).toBe(200)
  expect(r.json.emailPlanKey).toBe('email-500')
  expect(await db.planChange.findMany({ where: { companyId: company.id } })).toMatchObject([
    { fromPlanKey: 'free', toPlanKey: 'email-500', reason: 'staff', userId: staff.id },
  ])

  const list = await call(invoices, '/ajax/billing/invoices', cookie)
  expect(list.json.invoices).toMatchObject([
    {
      subtotalCents: 2000,
      taxRateBps: 2000,
      taxCents: 400,
      totalCents: 2400,
      currency: 'USD',
      status: 'open',
      billTo: { companyName: 'Boutique SAS', taxId: 'FR123', country: 'FR' },
    },
  ])
  const id = String(list.json.invoices[0].id)
  const pdf = await call(invoicePdf, `/ajax/billing/invoices/${id}/pdf`, cookie, undefined, { id })
  expect(pdf.status).toBe(200)
  expect(pdf.res.headers.get('content-type')).toBe('application/pdf')
  const bytes = Buffer.from(await pdf.res.arrayBuffer()).toString('latin1')
  expect(bytes.startsWith('%PDF-1.4')).toBe(true)
  expect(bytes).toContain('Boutique SAS')
  expect(bytes).toContain('Total: 24.00 USD')
  expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true)

  // Another account's owner cannot download it.
  const other = await owner()
  expect((await call(invoicePdf, `/ajax/billing/invoices/${id}/pdf`, other.cookie, undefined, { id })).status).toBe(404)
})

test('the app shell reports a failed payment and a scheduled cancellation with the plans it ends', async () => {
  const { company, cookie } = await owner()
  const base = { customer: `cus_shell_${company.id}`, metadata: { companyId: String(company.id) } }
  await webhook(
    signed(
      event(`evt_shell_co_${company.id}`, 'checkout.session.completed', {
        ...base,
        object: 'checkout.session',
        subscription: `sub_shell_${company.id}`,
        metadata: { ...base.metadata, planKey: 'email-500' },
      }),
    ),
  )
  const before = (await call(appShell, '/ajax/app_shell', cookie)).json.company
  expect(before).toMatchObject({
    isInFailedPaymentState: false,
    isScheduledForCancellation: false,
    hasPaidEmailFeatures: true,
  })

  await webhook(
    signed(
      event(`evt_shell_fail_${company.id}`, 'invoice.payment_failed', {
        ...base,
        id: `in_shell_${company.id}`,
        object: 'invoice',
        currency: 'usd',
        subtotal: 2000,
        total: 2000,
        period_start: 1772323200,
        period_end: 1775001600,
        lines: { object: 'list', data: [] },
      }),
    ),
  )
  const cancelled = await call(cancelRoute, '/ajax/billing/cancel', cookie, { cancel: true })
  expect(cancelled.status).toBe(200)
  // Stripe was told to end the subscription at the period's end.
  expect(stripe.requests.at(-1)).toMatchObject({
    path: `/v1/subscriptions/sub_shell_${company.id}`,
    form: { cancel_at_period_end: 'true' },
  })
  const after = (await call(appShell, '/ajax/app_shell', cookie)).json.company
  expect(after).toMatchObject({
    isInFailedPaymentState: true,
    isScheduledForCancellation: true,
    scheduledCancellationProducts: ['email-500'],
  })
})
