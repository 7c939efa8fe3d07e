// Stripe's webhook events, once each (BillingEvent is unique per provider event id, written in
// the same transaction as the event's effect: a repeated delivery changes nothing, a failed one
// leaves no record and Stripe's retry applies it). The signature is checked by the route.
import type Stripe from 'stripe'
import { execInsertSqlite, exec, selectFirst, inWriteTx, type Ops } from '@/lib/db/ops'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { changePlanOps } from './change-plan'
import { issueInvoiceOps } from './invoices'
import { FREE_EMAIL_PLAN } from './plans'
import { subscriptionOps } from './subscription'

export type StripeEventResult = 'applied' | 'duplicate' | 'ignored'

const companyOf = (metadata: Stripe.Metadata | null | undefined): number | null => {
  const n = Number(metadata?.companyId)
  return Number.isInteger(n) && n > 0 ? n : null
}

function* companyByCustomerOps(customer: string | Stripe.Customer | Stripe.DeletedCustomer | null): Ops<number | null> {
  const id = typeof customer === 'string' ? customer : customer?.id
  if (!id) return null
  const row = yield* selectFirst(
    kysely().selectFrom('CompanySubscription').select('companyId').where('stripeCustomerId', '=', id),
  )
  return row?.companyId ?? null
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null))

function* applyOps(event: Stripe.Event, now: Date): Ops<{ companyId: number | null; applied: boolean }> {
  const q = kysely()
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object
      const companyId = companyOf(s.metadata) ?? (yield* companyByCustomerOps(s.customer))
      const planKey = s.metadata?.planKey
      if (!companyId || !planKey) return { companyId, applied: false }
      yield* subscriptionOps(companyId, now)
      yield* exec(
        q
          .updateTable('CompanySubscription')
          .set({ stripeCustomerId: idOf(s.customer), stripeSubscriptionId: idOf(s.subscription), updatedAt: now })
          .where('companyId', '=', companyId),
      )
      yield* changePlanOps({ companyId, planKey, reason: 'checkout', userId: null, now })
      return { companyId, applied: true }
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const s = event.data.object
      const companyId = companyOf(s.metadata) ?? (yield* companyByCustomerOps(s.customer))
      if (!companyId) return { companyId, applied: false }
      yield* subscriptionOps(companyId, now)
      if (event.type === 'customer.subscription.deleted') {
        yield* changePlanOps({ companyId, planKey: FREE_EMAIL_PLAN, reason: 'webhook', userId: null, now })
        yield* exec(
          q
            .updateTable('CompanySubscription')
            .set({ status: 'canceled', stripeSubscriptionId: null, updatedAt: now })
            .where('companyId', '=', companyId),
        )
      } else {
        yield* exec(
          q
            .updateTable('CompanySubscription')
            .set({
              status:
                s.status === 'past_due' || s.status === 'unpaid'
                  ? 'past_due'
                  : s.status === 'trialing'
                    ? 'trialing'
                    : 'active',
              cancelAtPeriodEnd: s.cancel_at_period_end,
              updatedAt: now,
            })
            .where('companyId', '=', companyId),
        )
      }
      return { companyId, applied: true }
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.finalized': {
      const inv = event.data.object
      const companyId = companyOf(inv.metadata) ?? (yield* companyByCustomerOps(inv.customer))
      if (!companyId || !inv.id) return { companyId, applied: false }
      const tax = (inv.total ?? 0) - (inv.subtotal ?? 0)
      yield* issueInvoiceOps({
        companyId,
        period: { start: new Date(inv.period_start * 1000), end: new Date(inv.period_end * 1000) },
        lines: (inv.lines?.data ?? []).map((l) => ({
          description: l.description ?? 'Subscription',
          planKey: null,
          amountCents: l.amount,
        })),
        currency: inv.currency,
        now,
        status: event.type === 'invoice.paid' ? 'paid' : 'open',
        stripeInvoiceId: inv.id,
        number: inv.number ?? undefined,
        totals: { subtotalCents: inv.subtotal ?? 0, taxCents: Math.max(0, tax), totalCents: inv.total ?? 0 },
      })
      if (event.type === 'invoice.payment_failed')
        yield* exec(
          q
            .updateTable('CompanySubscription')
            .set({ status: 'past_due', updatedAt: now })
            .where('companyId', '=', companyId),
        )
      return { companyId, applied: true }
    }
    default:
      return { companyId: null, applied: false }
  }
}

export async function handleStripeEvent(event: Stripe.Event, now = new Date()): Promise<StripeEventResult> {
  return inWriteTx(function* () {
    const insert = kysely()
      .insertInto('BillingEvent')
      .values({ provider: 'stripe', eventId: event.id, type: event.type, companyId: null, receivedAt: now })
      .onConflict((oc) => oc.columns(['provider', 'eventId']).doNothing())
    const added = dbEngine() === 'sqlite' ? (yield* execInsertSqlite(insert)).changes : yield* exec(insert)
    if (!added) return 'duplicate' as const
    const r = yield* applyOps(event, now)
    if (r.companyId)
      yield* exec(
        kysely()
          .updateTable('BillingEvent')
          .set({ companyId: r.companyId })
          .where('provider', '=', 'stripe')
          .where('eventId', '=', event.id),
      )
    return r.applied ? ('applied' as const) : ('ignored' as const)
  })
}
