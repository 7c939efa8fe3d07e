// Store data in: the provider-neutral model (./types.ts) becomes the vendor's events (through
// the event ingest path, lib/events/ingest-events.ts, so flow triggers, attribution and segments
// react as to any event), profiles with the store's marketing consent (./store-consent.ts: never
// downgrading a newer consent) and catalog rows (./store-catalog.ts). Shopify's webhooks, the
// WooCommerce webhooks and both historical syncs call these.
// Idempotent: every event has a unique id (the order id, order:line, the refund id, the checkout
// token), and the event store keeps the first of a repeated (profile, metric, unique id), so a
// replayed order never makes a second event. Profile attributes carry the store's own time as
// their write time, so an old order (a sync, a late retry) never overwrites a newer name.
import { kysely } from '@/lib/db/kysely'
import { inWriteTx, read, savepoint, selectFirst } from '@/lib/db/ops'
import { validateEvents, writeBatch } from '@/lib/events/ingest-events'
import type { EventInput, IngestGroup, IngestResult } from '@/lib/events/types'
import { parseProfileInput } from '@/lib/profiles/validate-profile'
import { upsertProfileOps } from '@/lib/profiles/upsert-profile'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { runCatalogWrite } from '@/lib/catalog/store/run-write'
import { buyerProfile } from './buyer-profile'
import { enrichLines } from './enrich-lines'
import {
  METRICS,
  cancelledOrderEvent,
  fulfilledOrderEvent,
  placedOrderEvents,
  refundedOrderEvent,
  startedCheckoutEvent,
} from './order-events'
import { applyStoreConsentOps, storeConsentChangesOps } from './store-consent'
import { deleteProductOps, setInventoryLevelOps, upsertProductOps } from './store-catalog'
import type {
  CommerceContext,
  IngestSummary,
  StoreCheckout,
  StoreCustomer,
  StoreInventoryLevel,
  StoreOrder,
  StoreProduct,
  StoreRefund,
} from './types'

/**
 * A store record we cannot turn into anything (no buyer to name, a refused product). `later`:
 * it may work once another record arrives (a refund or fulfillment delivered before its order:
 * stores do not keep their webhooks in order), so the caller retries it for a while.
 */
export class CommerceSkip extends Error {
  constructor(
    message: string,
    readonly later = false,
  ) {
    super(message)
    this.name = 'CommerceSkip'
  }
}

type Profile = NonNullable<ReturnType<typeof buyerProfile>> & { id?: string }

/** The store's time as a write time (epoch ms), never in the future. */
function storeTime(...times: Array<string | null | undefined>): number {
  const now = Date.now()
  for (const t of times) {
    const ms = t ? Date.parse(t) : NaN
    if (Number.isFinite(ms)) return Math.min(ms, now)
  }
  return now
}

function summarize(results: IngestResult[]): IngestSummary {
  return {
    events: results.filter((r) => !r.duplicate).length,
    duplicates: results.filter((r) => r.duplicate).length,
    profileId: results[0]?.profileId ?? null,
  }
}

/** Writes events of one company together (all or nothing), with the given write time. */
async function writeEvents(companyId: number, inputs: EventInput[], acceptedAt: number): Promise<IngestResult[]> {
  if (!inputs.length) return []
  const events = validateEvents(inputs, acceptedAt)
  const [outcome] = await writeBatch([{ companyId, mode: 'import', events }], 'atomic')
  return (outcome as { ok: IngestResult[] }).ok
}

/** The profile that placed an order (its Placed Order event), for payloads without the buyer. */
export async function findOrderBuyer(companyId: number, orderId: string): Promise<string | null> {
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('Event')
        .innerJoin('Metric', 'Metric.id', 'Event.metricId')
        .select('Event.profileId')
        .where('Event.companyId', '=', companyId)
        .where('Metric.companyId', '=', companyId)
        .where('Metric.name', '=', METRICS.placed)
        .where('Event.uniqueId', '=', orderId),
    ),
  )
  return row ? String(row.profileId) : null
}

async function applyConsent(
  ctx: CommerceContext,
  profileId: string,
  c: StoreCustomer | null | undefined,
): Promise<void> {
  if (!c || (!c.emailConsent && !c.smsConsent)) return
  // Most orders repeat the consent we already hold: a read decides, a write transaction only for a change.
  if (!(await read(storeConsentChangesOps(ctx.companyId, profileId, c.emailConsent, c.smsConsent)))) return
  const changed = await inWriteTx(function* () {
    const email = yield* applyStoreConsentOps(ctx.companyId, profileId, 'email_marketing', c.emailConsent, ctx.provider)
    const sms = yield* applyStoreConsentOps(ctx.companyId, profileId, 'sms_marketing', c.smsConsent, ctx.provider)
    return email || sms
  })
  if (changed) await reevaluateProfiles(ctx.companyId, [profileId], { profileChanged: true })
}

async function orderBuyer(
  ctx: CommerceContext,
  order: StoreOrder,
  kind: 'placed' | 'fulfilled' | 'cancelled',
): Promise<Profile> {
  const p = buyerProfile(order.customer, order.billingAddress ?? order.shippingAddress)
  if (p) return p
  const id = await findOrderBuyer(ctx.companyId, order.id)
  if (id) return { id }
  // A fulfillment or cancellation may arrive before its order names the buyer: worth a retry.
  throw new CommerceSkip(`Order ${order.id} names no buyer with an email or phone number.`, kind !== 'placed')
}

/** What a bulk ingest of orders did: refused orders are reported, never stop the others. */
export interface BulkOrderSummary extends IngestSummary {
  /** Orders without a buyer email or phone. */
  skipped: number
  failed: Array<{ orderId: string; reason: string }>
}

/**
 * Placed orders in bulk (the historical syncs): one transaction for the batch, each order all or
 * nothing on its own (a savepoint per order), so one bad order never loses the others.
 */
export async function ingestPlacedOrders(ctx: CommerceContext, orders: StoreOrder[]): Promise<BulkOrderSummary> {
  await enrichLines(
    ctx.companyId,
    orders.flatMap((o) => o.lines),
  )
  const out: BulkOrderSummary = { events: 0, duplicates: 0, skipped: 0, failed: [] }
  const groups: IngestGroup[] = []
  const owners: string[] = []
  for (const o of orders) {
    const p = buyerProfile(o.customer, o.billingAddress ?? o.shippingAddress)
    if (!p) {
      out.skipped++
      continue
    }
    try {
      // The order's own time: its attributes never replace a write newer than the order.
      groups.push({
        companyId: ctx.companyId,
        mode: 'import',
        events: validateEvents(placedOrderEvents(ctx, o, p), storeTime(o.updatedAt, o.createdAt)),
      })
      owners.push(o.id)
    } catch (e) {
      out.failed.push({ orderId: o.id, reason: e instanceof Error ? e.message : String(e) })
    }
  }
  if (!groups.length) return out
  const outcomes = await writeBatch(groups, 'isolate')
  outcomes.forEach((r, i) => {
    if ('ok' in r) {
      const sum = summarize(r.ok)
      out.events += sum.events
      out.duplicates += sum.duplicates
    } else if ('error' in r) {
      out.failed.push({ orderId: owners[i]!, reason: r.error instanceof Error ? r.error.message : String(r.error) })
    }
  })
  return out
}

/**
 * Placed orders from webhook deliveries (a batch of the delivery job, of one or more stores):
 * what ingestOrder(…, 'placed') does for each, with the events of all of them written in one
 * transaction (a savepoint per order only when one fails) instead of one transaction per order.
 * One result per order, in order: done, or the error ingestOrder would have thrown (a
 * CommerceSkip for an order without a buyer, a validation error).
 */
export async function ingestPlacedOrderBatch(
  items: Array<{ ctx: CommerceContext; order: StoreOrder }>,
): Promise<Array<{ ok: true } | { error: unknown }>> {
  const results: Array<{ ok: true } | { error: unknown }> = items.map(() => ({ ok: true }))
  const buyers: Array<Profile | null> = []
  for (const [i, { ctx, order }] of items.entries()) {
    try {
      buyers.push(await orderBuyer(ctx, order, 'placed'))
    } catch (e) {
      buyers.push(null)
      results[i] = { error: e }
    }
  }
  const linesOf = new Map<number, StoreOrder['lines']>()
  items.forEach(({ ctx, order }, i) => {
    if (buyers[i]) linesOf.set(ctx.companyId, [...(linesOf.get(ctx.companyId) ?? []), ...order.lines])
  })
  for (const [companyId, lines] of linesOf) await enrichLines(companyId, lines)
  const groups: IngestGroup[] = []
  const owners: number[] = []
  items.forEach(({ ctx, order }, i) => {
    const buyer = buyers[i]
    if (!buyer) return
    try {
      groups.push({
        companyId: ctx.companyId,
        mode: 'import',
        events: validateEvents(placedOrderEvents(ctx, order, buyer), storeTime(order.updatedAt, order.createdAt)),
      })
      owners.push(i)
    } catch (e) {
      results[i] = { error: e }
    }
  })
  if (!groups.length) return results
  const outcomes = await writeBatch(groups, 'isolate')
  // The buyers' consent, as applyConsent does for one order: a read decides which orders change
  // it, and those changes are written in one transaction (a savepoint each) rather than one each.
  const changes: Array<{ i: number; profileId: string; c: StoreCustomer }> = []
  for (const [g, r] of outcomes.entries()) {
    const i = owners[g]!
    if ('error' in r) results[i] = { error: r.error }
    else if ('ok' in r) {
      const profileId = summarize(r.ok).profileId
      const c = items[i]!.order.customer
      if (!profileId || !c || (!c.emailConsent && !c.smsConsent)) continue
      try {
        const { companyId } = items[i]!.ctx
        if (await read(storeConsentChangesOps(companyId, profileId, c.emailConsent, c.smsConsent)))
          changes.push({ i, profileId, c })
      } catch (e) {
        results[i] = { error: e }
      }
    }
  }
  if (!changes.length) return results
  const changed = await inWriteTx(function* () {
    const out: Array<{ companyId: number; profileId: string }> = []
    for (const { i, profileId, c } of changes) {
      const { companyId, provider } = items[i]!.ctx
      const did = yield* savepoint(
        function* () {
          const email = yield* applyStoreConsentOps(companyId, profileId, 'email_marketing', c.emailConsent, provider)
          const sms = yield* applyStoreConsentOps(companyId, profileId, 'sms_marketing', c.smsConsent, provider)
          return email || sms
        },
        (e) => {
          results[i] = { error: e }
          return false
        },
      )
      if (did) out.push({ companyId, profileId })
    }
    return out
  })
  const byCompany = new Map<number, string[]>()
  for (const { companyId, profileId } of changed)
    byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), profileId])
  for (const [companyId, profileIds] of byCompany)
    await reevaluateProfiles(companyId, [...new Set(profileIds)], { profileChanged: true })
  return results
}

/** orders/create (placed), orders/fulfilled, orders/cancelled; consent of the buyer applied too. */
export async function ingestOrder(
  ctx: CommerceContext,
  order: StoreOrder,
  kind: 'placed' | 'fulfilled' | 'cancelled',
): Promise<IngestSummary> {
  const profile = await orderBuyer(ctx, order, kind)
  await enrichLines(ctx.companyId, order.lines)
  // A fulfilled order we never saw placed (connected after it, a lost webhook) still counts.
  const inputs =
    kind === 'cancelled'
      ? [cancelledOrderEvent(ctx, order, profile)]
      : kind === 'fulfilled'
        ? [...placedOrderEvents(ctx, order, profile), fulfilledOrderEvent(ctx, order, profile)]
        : placedOrderEvents(ctx, order, profile)
  const summary = summarize(await writeEvents(ctx.companyId, inputs, storeTime(order.updatedAt, order.createdAt)))
  if (summary.profileId) await applyConsent(ctx, summary.profileId, order.customer)
  return summary
}

/** refunds/create: Refunded Order for the profile that placed the order. */
export async function ingestRefund(ctx: CommerceContext, refund: StoreRefund): Promise<IngestSummary> {
  const customer = refund.customer ?? refund.order?.customer
  let profile: Profile | null = buyerProfile(customer)
  if (!profile) {
    const id = await findOrderBuyer(ctx.companyId, refund.orderId)
    if (!id) throw new CommerceSkip(`Refund ${refund.id}: order ${refund.orderId} is unknown and names no buyer.`, true)
    profile = { id }
  }
  await enrichLines(ctx.companyId, refund.lines)
  return summarize(
    await writeEvents(ctx.companyId, [refundedOrderEvent(ctx, refund, profile)], storeTime(refund.createdAt)),
  )
}

/** checkouts/create|update: Started Checkout once per checkout; a completed checkout is an order. */
export async function ingestCheckout(ctx: CommerceContext, checkout: StoreCheckout): Promise<IngestSummary> {
  if (checkout.completedAt) return { events: 0, duplicates: 0, profileId: null }
  const profile = buyerProfile(checkout.customer)
  if (!profile) throw new CommerceSkip(`Checkout ${checkout.id} has no email or phone number yet.`)
  if (!checkout.lines.length) throw new CommerceSkip(`Checkout ${checkout.id} is empty.`)
  await enrichLines(ctx.companyId, checkout.lines)
  const summary = summarize(
    await writeEvents(
      ctx.companyId,
      [startedCheckoutEvent(ctx, checkout, profile)],
      storeTime(checkout.updatedAt, checkout.createdAt),
    ),
  )
  if (summary.profileId) await applyConsent(ctx, summary.profileId, checkout.customer)
  return summary
}

/** customers/create|update: the profile (names, identifiers, address) and its marketing consent. */
export async function ingestCustomer(
  ctx: CommerceContext,
  customer: StoreCustomer,
): Promise<{ profileId: string; created: boolean }> {
  const given = buyerProfile(customer)
  if (!given) throw new CommerceSkip(`Customer ${customer.id ?? ''} has no email or phone number.`.replace('  ', ' '))
  const input = parseProfileInput(given)
  const acceptedAt = storeTime(customer.updatedAt, customer.createdAt)
  const res = await inWriteTx(function* () {
    const r = yield* upsertProfileOps(ctx.companyId, input, { mode: 'import', source: ctx.provider, acceptedAt })
    const email = yield* applyStoreConsentOps(
      ctx.companyId,
      r.raw.id,
      'email_marketing',
      customer.emailConsent,
      ctx.provider,
    )
    const sms = yield* applyStoreConsentOps(ctx.companyId, r.raw.id, 'sms_marketing', customer.smsConsent, ctx.provider)
    return { id: r.raw.id, created: r.created, changed: r.changed || email || sms }
  })
  if (res.changed) await reevaluateProfiles(ctx.companyId, [res.id], { profileChanged: true })
  return { profileId: res.id, created: res.created }
}

/** products/create|update: the catalog item and its variants (price and inventory changes recorded). */
export async function ingestProduct(ctx: CommerceContext, product: StoreProduct): Promise<void> {
  const refused = await runCatalogWrite(() => upsertProductOps(ctx, product, new Date()))
  if (refused.length) throw new CommerceSkip(`Product ${product.id} refused: ${refused.join('; ')}`)
}

/** products/delete; false when the product was not in the catalog. */
export async function deleteProduct(ctx: CommerceContext, productId: string): Promise<boolean> {
  return runCatalogWrite(() => deleteProductOps(ctx, productId, new Date()))
}

/** inventory_levels/update: the available count on the matching variants (how many). */
export async function ingestInventoryLevel(ctx: CommerceContext, level: StoreInventoryLevel): Promise<number> {
  return runCatalogWrite(() => setInventoryLevelOps(ctx, level, new Date()))
}
