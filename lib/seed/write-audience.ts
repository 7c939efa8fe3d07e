// Writes generated customers and events in one transaction on the raw connection, with
// prepared statements: a Prisma round trip per row would take minutes for 300k events.
import type Database from 'better-sqlite3'
import { sqlDate } from '@/lib/db/sqlite'
import { getOrCreateMetricSync } from '@/lib/events/get-or-create-metric'
import type { Customer } from './make-customers'
import { METRICS, type SimEvent } from './simulate-activity'

type Conn = Database.Database
const iso = (ms: number) => sqlDate(new Date(ms))

export interface WriteOptions { companyId: number; currency: string; nowMs: number }

/** Returns the metric ids, in the order of METRICS. */
export function writeAudience(conn: Conn, customers: Customer[], events: SimEvent[], o: WriteOptions): string[] {
  const { companyId, nowMs } = o
  const clamp = (ms: number) => Math.min(ms, nowMs)
  const metricIds = METRICS.map((m) => getOrCreateMetricSync(conn, companyId, m.name, m.integration).id)
  // Metrics appear when their first event arrived, not when the seed ran.
  const firstTs = new Map<number, number>()
  for (const e of events) if (!firstTs.has(e.metric)) firstTs.set(e.metric, e.ts)
  const setMetricDates = conn.prepare('UPDATE Metric SET createdAt = ?, updatedAt = ? WHERE id = ? AND companyId = ?')
  metricIds.forEach((id, i) => {
    const ts = firstTs.get(i)
    if (ts !== undefined) setMetricDates.run(iso(ts * 1000), iso(ts * 1000), id, companyId)
  })
  if (METRICS.some((m) => m.integration === 'shopify')) {
    conn.prepare(`UPDATE Metric SET integrationCategory = 'ecommerce' WHERE companyId = ? AND integration = 'shopify' AND integrationCategory IS NULL`).run(companyId)
  }

  const insertProfile = conn.prepare(`INSERT INTO Profile (id, companyId, email, phoneNumber, externalId, firstName, lastName, locale,
    address1, city, country, region, zip, latitude, longitude, timezone, properties, createdAt, updatedAt, lastEventAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const insertConsent = conn.prepare(`INSERT INTO ProfileConsent (companyId, profileId, channel, status, method, source, consentedAt, updatedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
  const insertSuppression = conn.prepare(`INSERT INTO Suppression (companyId, profileId, channel, reason, createdAt) VALUES (?, ?, ?, ?, ?)`)

  for (const c of customers) {
    const props: Record<string, unknown> = {}
    if (c.kind === 'customer') {
      props.loyalty_tier = c.spent >= 1000 ? 'Platinum' : c.spent >= 500 ? 'Gold' : c.spent >= 200 ? 'Silver' : 'Bronze'
      props.favorite_category = c.favoriteCategory
    }
    props.accepts_marketing = c.email_.status === 'subscribed'
    if (c.birthday) props.birthday = c.birthday
    if (c.kind === 'lead') props.signup_source = 'CSV import'
    insertProfile.run(
      c.id, companyId, c.email, c.phone, c.externalId, c.firstName, c.lastName, c.locale, c.address1, c.city, c.country, c.region, c.zip,
      c.latitude, c.longitude, c.timezone, JSON.stringify(props), iso(c.createdMs), iso(clamp(c.updatedMs)), c.lastEventMs ? iso(c.lastEventMs) : null,
    )
    const em = c.email_
    if (em.status !== 'never_subscribed') {
      const at = iso(clamp(em.atMs))
      const unsub = em.status === 'unsubscribed'
      const method = unsub ? 'SUPPRESSION' : em.method === 'import' ? 'IMPORT' : em.method === 'checkout' ? 'CHECKOUT' : 'FORM'
      insertConsent.run(companyId, c.id, 'email_marketing', em.status, method, unsub ? null : em.source, at, at)
    }
    // An unsubscribe is the suppression; a bounce comes with a later send.
    if (em.suppression) insertSuppression.run(companyId, c.id, 'email', em.suppression, iso(clamp(em.atMs + (em.status === 'unsubscribed' ? 0 : 9 * 86_400_000))))
    if (c.sms.status) {
      const at = iso(clamp(c.sms.atMs))
      insertConsent.run(companyId, c.id, 'sms_marketing', c.sms.status, c.sms.status === 'subscribed' ? 'FORM' : 'SUPPRESSION', c.sms.status === 'subscribed' ? 'SMS sign-up form' : null, at, at)
      if (c.sms.status === 'unsubscribed') insertSuppression.run(companyId, c.id, 'sms', 'unsubscribed', at)
    }
    if (c.sms.transactional) {
      const at = iso(clamp(c.createdMs))
      insertConsent.run(companyId, c.id, 'sms_transactional', 'subscribed', 'CHECKOUT', 'Shopify checkout', at, at)
    }
  }

  const insertEvent = conn.prepare(`INSERT INTO Event (companyId, profileId, metricId, ts, value, currency, uniqueId, properties, createdAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  for (const e of events) {
    insertEvent.run(companyId, customers[e.customer]!.id, metricIds[e.metric]!, e.ts, e.value, e.value === null ? null : o.currency, e.uniqueId, e.props ?? '{}', iso(e.ts * 1000))
  }
  return metricIds
}
