// Writes generated customers and events in one transaction, as Ops (lib/db/ops.ts) so the same
// code runs on both engines: row by row on a prepared statement inside writeTx on SQLite,
// multi-row INSERTs on PostgreSQL (lib/seed/insert-rows.ts). A Prisma round trip per row would
// take minutes for 300k events.
import { kysely } from '@/lib/db/kysely'
import { exec, selectFirst, type Ops } from '@/lib/db/ops'
import { storedTimeOfMs } from '@/lib/db/dialect'
import { shortId } from '@/lib/ids/make-id'
import { insertRows } from './insert-rows'
import type { Customer } from './make-customers'
import { METRICS, type SimEvent } from './simulate-activity'

export interface WriteOptions {
  companyId: number
  currency: string
  nowMs: number
}

/** The company's metric of that name (created if missing), its id. */
function* metricId(companyId: number, name: string, integration: string): Ops<string> {
  const find = () =>
    kysely().selectFrom('Metric').select('id').where('companyId', '=', companyId).where('name', '=', name)
  const found = yield* selectFirst(find())
  if (found) return found.id
  const now = new Date()
  yield* exec(
    kysely()
      .insertInto('Metric')
      .values({ id: shortId(6), companyId, name, integration, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.columns(['companyId', 'name']).doNothing()),
  )
  return (yield* selectFirst(find()))!.id
}

const PROFILE_COLUMNS = [
  'id',
  'companyId',
  'email',
  'phoneNumber',
  'externalId',
  'firstName',
  'lastName',
  'locale',
  'address1',
  'city',
  'country',
  'region',
  'zip',
  'latitude',
  'longitude',
  'timezone',
  'properties',
  'createdAt',
  'updatedAt',
  'lastEventAt',
] as const
const CONSENT_COLUMNS = [
  'companyId',
  'profileId',
  'channel',
  'status',
  'method',
  'source',
  'consentedAt',
  'updatedAt',
] as const
const SUPPRESSION_COLUMNS = ['companyId', 'profileId', 'channel', 'reason', 'createdAt'] as const
const EVENT_COLUMNS = [
  'companyId',
  'profileId',
  'metricId',
  'ts',
  'value',
  'currency',
  'uniqueId',
  'properties',
  'createdAt',
] as const

/** Returns the metric ids, in the order of METRICS. */
export function* writeAudienceOps(customers: Customer[], events: SimEvent[], o: WriteOptions): Ops<string[]> {
  const { companyId, nowMs } = o
  const iso = storedTimeOfMs()
  const clamp = (ms: number) => Math.min(ms, nowMs)
  const metricIds: string[] = []
  for (const m of METRICS) metricIds.push(yield* metricId(companyId, m.name, m.integration))
  // Metrics appear when their first event arrived, not when the seed ran.
  const firstTs = new Map<number, number>()
  for (const e of events) if (!firstTs.has(e.metric)) firstTs.set(e.metric, e.ts)
  for (const [i, id] of metricIds.entries()) {
    const ts = firstTs.get(i)
    if (ts === undefined) continue
    yield* exec(
      kysely()
        .updateTable('Metric')
        .set({ createdAt: new Date(ts * 1000), updatedAt: new Date(ts * 1000) })
        .where('id', '=', id)
        .where('companyId', '=', companyId),
    )
  }
  if (METRICS.some((m) => m.integration === 'shopify')) {
    yield* exec(
      kysely()
        .updateTable('Metric')
        .set({ integrationCategory: 'ecommerce' })
        .where('companyId', '=', companyId)
        .where('integration', '=', 'shopify')
        .where('integrationCategory', 'is', null),
    )
  }

  const profiles: unknown[][] = []
  const consents: unknown[][] = []
  const suppressions: unknown[][] = []
  for (const c of customers) {
    const props: Record<string, unknown> = {}
    if (c.kind === 'customer') {
      props.loyalty_tier = c.spent >= 1000 ? 'Platinum' : c.spent >= 500 ? 'Gold' : c.spent >= 200 ? 'Silver' : 'Bronze'
      props.favorite_category = c.favoriteCategory
    }
    props.accepts_marketing = c.email_.status === 'subscribed'
    if (c.birthday) props.birthday = c.birthday
    if (c.kind === 'lead') props.signup_source = 'CSV import'
    profiles.push([
      c.id,
      companyId,
      c.email,
      c.phone,
      c.externalId,
      c.firstName,
      c.lastName,
      c.locale,
      c.address1,
      c.city,
      c.country,
      c.region,
      c.zip,
      c.latitude,
      c.longitude,
      c.timezone,
      JSON.stringify(props),
      iso(c.createdMs),
      iso(clamp(c.updatedMs)),
      c.lastEventMs ? iso(c.lastEventMs) : null,
    ])
    const em = c.email_
    if (em.status !== 'never_subscribed') {
      const at = iso(clamp(em.atMs))
      const unsub = em.status === 'unsubscribed'
      const method = unsub
        ? 'SUPPRESSION'
        : em.method === 'import'
          ? 'IMPORT'
          : em.method === 'checkout'
            ? 'CHECKOUT'
            : 'FORM'
      consents.push([companyId, c.id, 'email_marketing', em.status, method, unsub ? null : em.source, at, at])
    }
    // An unsubscribe is the suppression; a bounce comes with a later send.
    if (em.suppression)
      suppressions.push([
        companyId,
        c.id,
        'email',
        em.suppression,
        iso(clamp(em.atMs + (em.status === 'unsubscribed' ? 0 : 9 * 86_400_000))),
      ])
    if (c.sms.status) {
      const at = iso(clamp(c.sms.atMs))
      consents.push([
        companyId,
        c.id,
        'sms_marketing',
        c.sms.status,
        c.sms.status === 'subscribed' ? 'FORM' : 'SUPPRESSION',
        c.sms.status === 'subscribed' ? 'SMS sign-up form' : null,
        at,
        at,
      ])
      if (c.sms.status === 'unsubscribed') suppressions.push([companyId, c.id, 'sms', 'unsubscribed', at])
    }
    if (c.sms.transactional) {
      const at = iso(clamp(c.createdMs))
      consents.push([companyId, c.id, 'sms_transactional', 'subscribed', 'CHECKOUT', 'Shopify checkout', at, at])
    }
  }
  yield* insertRows('Profile', PROFILE_COLUMNS, profiles)
  yield* insertRows('ProfileConsent', CONSENT_COLUMNS, consents)
  yield* insertRows('Suppression', SUPPRESSION_COLUMNS, suppressions)

  // Generated as they are written: 300k rows are never held at once.
  function* eventRows(): Generator<unknown[]> {
    for (const e of events) {
      yield [
        companyId,
        customers[e.customer]!.id,
        metricIds[e.metric]!,
        e.ts,
        e.value,
        e.value === null ? null : o.currency,
        e.uniqueId,
        e.props ?? '{}',
        iso(e.ts * 1000),
      ]
    }
  }
  yield* insertRows('Event', EVENT_COLUMNS, eventRows())
  return metricIds
}
