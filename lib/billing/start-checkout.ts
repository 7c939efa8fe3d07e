// /settings/billing/checkout/{planKey}: with Stripe, a Checkout session for the plan (the
// customer made once and kept on the subscription) whose completion arrives by webhook
// (handle-stripe-event.ts); without a Stripe key there is nothing to pay through, and the
// screen says that the operator assigns plans (assign-plan.ts).
import { db } from '@/lib/db/client'
import { appLink } from '@/lib/config/app-url'
import { AppError } from '@/lib/errors/app-error'
import { getSubscription } from './subscription'
import { listPlans } from './plans'
import { stripeClient } from './stripe-client'

export type CheckoutStart = { mode: 'stripe'; url: string } | { mode: 'manual' }

const badPlan = (message: string) => new AppError('invalid', 400, message, { planKey: [message] })

export async function startCheckout(
  companyId: number,
  userEmail: string,
  planKey: string,
  now = new Date(),
): Promise<CheckoutStart> {
  const plan = (await listPlans({ activeOnly: true })).find((p) => p.key === planKey)
  if (!plan) throw badPlan('There is no such plan.')
  if (plan.priceCents <= 0) throw badPlan('This plan is free: there is nothing to pay.')
  const stripe = stripeClient()
  if (!stripe) return { mode: 'manual' }
  const sub = await getSubscription(companyId, now)
  let customer = sub.stripeCustomerId
  if (!customer) {
    const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } })
    const made = await stripe.customers.create({
      email: sub.billingEmail ?? userEmail,
      name: company.name,
      metadata: { companyId: String(companyId) },
    })
    customer = made.id
    // Only the first writer keeps its customer: two checkouts at once must not leave two.
    await db.companySubscription.updateMany({
      where: { companyId, stripeCustomerId: null },
      data: { stripeCustomerId: customer },
    })
    customer = (await db.companySubscription.findUniqueOrThrow({ where: { companyId } })).stripeCustomerId ?? customer
  }
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: String(companyId),
    metadata: { companyId: String(companyId), planKey: plan.key },
    subscription_data: { metadata: { companyId: String(companyId), planKey: plan.key } },
    line_items: [
      plan.stripePriceId
        ? { price: plan.stripePriceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: plan.currency.toLowerCase(),
              unit_amount: plan.priceCents,
              recurring: { interval: plan.interval === 'year' ? 'year' : 'month' },
              product_data: { name: plan.name },
            },
          },
    ],
    success_url: appLink('/settings/billing/overview') + '?checkout=success',
    cancel_url: appLink(`/settings/billing/checkout/${encodeURIComponent(plan.key)}`) + '?checkout=cancelled',
  })
  if (!session.url)
    throw new AppError('payment_provider_error', 502, 'The payment provider did not return a checkout page.')
  return { mode: 'stripe', url: session.url }
}

/** Stripe's customer portal (cards, invoices, cancellation), or null without Stripe or a customer yet. */
export async function openBillingPortal(companyId: number): Promise<{ url: string } | null> {
  const stripe = stripeClient()
  if (!stripe) return null
  const sub = await getSubscription(companyId)
  if (!sub.stripeCustomerId) return null
  const s = await stripe.billingPortal.sessions.create({
    customer: sub.stripeCustomerId,
    return_url: appLink('/settings/billing/manage-subscription'),
  })
  return { url: s.url }
}
