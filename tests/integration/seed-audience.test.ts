/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { sql, type RawBuilder } from 'kysely'
import { epochMs, jsonText } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { isUlid } from '@/lib/ids/make-id'
import { seedAudience, type SeedAudienceResult } from '@/lib/seed/seed-audience'
import { LIST_NAMES, SEGMENT_NAMES } from '@/lib/seed/seed-groups'
import { createRng } from '@/lib/seed/prng'
import { fillPattern } from '@/lib/seed/make-customers'
import { blackFriday, describeDay } from '@/lib/seed/calendar'
import { makeCompany } from '../helpers/factory'

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000)
const SMALL = { customers: 300, months: 2, seed: 'test-store', now: NOW }
// Checks in SQL that both engines read alike: quoted identifiers, bound values, dialect helpers.
const all = async <T>(query: RawBuilder<unknown>) => (await query.execute(kysely())).rows as T[]
const q = async (query: RawBuilder<unknown>) =>
  Number(Object.values((await all<Record<string, unknown>>(query))[0]!)[0])

async function metricCounts(companyId: number): Promise<Record<string, number>> {
  const rows = await all<{ name: string; n: number }>(
    sql`SELECT m.name, COUNT(e.id) AS n FROM "Metric" m LEFT JOIN "Event" e ON e."metricId" = m.id WHERE m."companyId" = ${companyId} GROUP BY m.name`,
  )
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]))
}

async function groupCounts(companyId: number): Promise<Record<string, number>> {
  const rows = await all<{ name: string; n: number }>(
    sql`SELECT g.name, (SELECT COUNT(*) FROM "GroupMembership" gm WHERE gm."groupId" = g.id AND gm."leftAt" IS NULL) AS n
     FROM "Group" g WHERE g."companyId" = ${companyId} AND g."deletedAt" IS NULL`,
  )
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]))
}

let a: { id: number }, b: { id: number }, c: { id: number }
let ra: SeedAudienceResult, rb: SeedAudienceResult, rc: SeedAudienceResult

beforeAll(async () => {
  a = await makeCompany()
  b = await makeCompany()
  c = await makeCompany()
  ra = await seedAudience(a.id, SMALL)
  rb = await seedAudience(b.id, SMALL)
  rc = await seedAudience(c.id, { ...SMALL, seed: 'another-store' })
}, 60_000)

describe('seedAudience (small size)', () => {
  test('writes the profiles, events and metrics it reports', async () => {
    expect(await q(sql`SELECT COUNT(*) FROM "Profile" WHERE "companyId" = ${a.id}`)).toBe(300)
    expect(ra.profiles).toBe(300)
    expect(await q(sql`SELECT COUNT(*) FROM "Event" WHERE "companyId" = ${a.id}`)).toBe(ra.events)
    expect(ra.events).toBeGreaterThan(1000)
    expect(await metricCounts(a.id)).toEqual(ra.eventsByMetric)
    expect(Object.keys(ra.eventsByMetric).sort()).toEqual([
      'Active on Site',
      'Added to Cart',
      'Fulfilled Order',
      'Ordered Product',
      'Placed Order',
      'Started Checkout',
      'Viewed Product',
    ])
    const metrics = await all<{ id: string; name: string; integration: string }>(
      sql`SELECT id, name, integration FROM "Metric" WHERE "companyId" = ${a.id}`,
    )
    for (const m of metrics) expect(m.id).toMatch(/^[A-Za-z0-9]{6}$/)
    expect(metrics.find((m) => m.name === 'Placed Order')!.integration).toBe('shopify')
    expect(metrics.find((m) => m.name === 'Active on Site')!.integration).toBe('api')
  })

  test('the funnel narrows at every step and orders carry their line items', async () => {
    const m = ra.eventsByMetric
    expect(m['Viewed Product']!).toBeGreaterThan(m['Added to Cart']!)
    expect(m['Added to Cart']!).toBeGreaterThan(m['Started Checkout']!)
    expect(m['Started Checkout']!).toBeGreaterThan(m['Placed Order']!)
    expect(m['Placed Order']).toBe(ra.orders)
    expect(m['Fulfilled Order']!).toBeLessThanOrEqual(m['Placed Order']!)
    expect(m['Fulfilled Order']!).toBeGreaterThan(m['Placed Order']! * 0.7)
    expect(m['Ordered Product']!).toBeGreaterThanOrEqual(m['Placed Order']!)
    const cartRate = m['Added to Cart']! / m['Viewed Product']!
    expect(cartRate).toBeGreaterThan(0.05)
    expect(cartRate).toBeLessThan(0.4)

    const order = (
      await all<{ value: number; currency: string; uniqueId: string; properties: string }>(
        sql`SELECT e.value, e.currency, e."uniqueId", e.properties FROM "Event" e JOIN "Metric" m ON m.id = e."metricId"
       WHERE e."companyId" = ${a.id} AND m.name = 'Placed Order' ORDER BY e.ts LIMIT 1`,
      )
    )[0]!
    const props = JSON.parse(order.properties)
    expect(order.currency).toBe('USD')
    expect(order.uniqueId).toBe(props.OrderId)
    expect(props.OrderName).toBe('#1001')
    expect(props.ItemCount).toBeGreaterThan(0)
    expect(props.Items.length).toBeGreaterThan(0)
    expect(order.value).toBeCloseTo(props.Subtotal - (props.DiscountValue ?? 0) + props.Shipping, 2)
    const lines =
      await q(sql`SELECT COUNT(*) FROM "Event" e JOIN "Metric" m ON m.id = e."metricId" WHERE e."companyId" = ${a.id} AND m.name = 'Ordered Product'
      AND ${jsonText(sql.ref('e.properties'), 'OrderId')} = ${props.OrderId}`)
    expect(lines).toBe(props.Items.length)
    expect(ra.revenue).toBeGreaterThan(0)
  })

  test('unique keys hold and lastEventAt is the latest event', async () => {
    expect(
      await q(sql`SELECT COUNT(*) FROM (SELECT 1 AS one FROM "Event" WHERE "companyId" = ${a.id} AND "uniqueId" IS NOT NULL
      GROUP BY "profileId", "metricId", "uniqueId" HAVING COUNT(*) > 1) dup`),
    ).toBe(0)
    expect(
      await q(sql`SELECT COUNT(*) FROM "Event" e JOIN "Metric" m ON m.id = e."metricId"
      WHERE e."companyId" = ${a.id} AND m.name IN ('Placed Order', 'Ordered Product', 'Fulfilled Order') AND e."uniqueId" IS NULL`),
    ).toBe(0)
    expect(
      await q(sql`SELECT COUNT(*) FROM "Profile" p WHERE p."companyId" = ${a.id} AND coalesce(${epochMs(sql.ref('p.lastEventAt'))}, -1)
      <> coalesce((SELECT cast(MAX(e.ts) AS bigint) * 1000 FROM "Event" e WHERE e."profileId" = p.id), -1)`),
    ).toBe(0)
    expect(await q(sql`SELECT MAX(ts) FROM "Event" WHERE "companyId" = ${a.id}`)).toBeLessThanOrEqual(
      NOW.getTime() / 1000,
    )
    expect(
      await q(
        sql`SELECT COUNT(*) FROM (SELECT email FROM "Profile" WHERE "companyId" = ${a.id} GROUP BY email HAVING COUNT(*) > 1) dup`,
      ),
    ).toBe(0)
  })

  test('profiles look real: ULIDs, E.164 phones for about 60 %, locations, properties, consent', async () => {
    const rows = await all<{
      id: string
      email: string
      phoneNumber: string | null
      country: string
      city: string
      properties: string
    }>(sql`SELECT id, email, "phoneNumber", country, city, properties FROM "Profile" WHERE "companyId" = ${a.id}`)
    for (const r of rows) {
      expect(isUlid(r.id)).toBe(true)
      expect(r.email).toMatch(/^[a-z0-9._+-]+@[a-z0-9.-]+\.[a-z]{2,}$/)
      if (r.phoneNumber) expect(r.phoneNumber).toMatch(/^\+[1-9]\d{7,14}$/)
      expect(r.country && r.city).toBeTruthy()
    }
    const phones = rows.filter((r) => r.phoneNumber).length / rows.length
    expect(phones).toBeGreaterThan(0.45)
    expect(phones).toBeLessThan(0.75)
    const us = rows.filter((r) => r.country === 'United States').length / rows.length
    expect(us).toBeGreaterThan(0.4)
    expect(JSON.parse(rows.find((r) => r.properties.includes('loyalty_tier'))!.properties)).toEqual(
      expect.objectContaining({
        loyalty_tier: expect.any(String),
        favorite_category: expect.any(String),
        accepts_marketing: expect.any(Boolean),
      }),
    )

    const subscribed = await q(
      sql`SELECT COUNT(*) FROM "ProfileConsent" WHERE "companyId" = ${a.id} AND channel = 'email_marketing' AND status = 'subscribed'`,
    )
    expect(subscribed / 300).toBeGreaterThan(0.6)
    expect(subscribed / 300).toBeLessThan(0.8)
    expect(
      await q(sql`SELECT COUNT(*) FROM "Suppression" WHERE "companyId" = ${a.id} AND channel = 'email'`),
    ).toBeGreaterThan(0)
    expect(
      await q(
        sql`SELECT COUNT(*) FROM "ProfileConsent" WHERE "companyId" = ${a.id} AND channel = 'sms_marketing' AND status = 'subscribed'`,
      ),
    ).toBeGreaterThan(0)
  })

  test('lists and segments are populated and segment members match their definitions', async () => {
    const groups = await groupCounts(a.id)
    expect(groups).toEqual({ ...ra.lists, ...ra.segments })
    const newsletter = groups[LIST_NAMES.newsletter]!
    expect(newsletter / 300).toBeGreaterThan(0.6)
    expect(newsletter / 300).toBeLessThan(0.8)
    expect(groups[LIST_NAMES.vip]).toBe(18)
    expect(groups[LIST_NAMES.leads]).toBeGreaterThan(0)
    expect(
      await q(sql`SELECT COUNT(*) FROM "GroupMembership" gm JOIN "Group" g ON g.id = gm."groupId"
      WHERE g."companyId" = ${a.id} AND g.name = ${LIST_NAMES.leads} AND gm.source <> 'CSV import'`),
    ).toBe(0)
    // High-value (≥ 500 spent) may be empty in two months of 300 customers; it is checked exactly below.
    for (const name of [SEGMENT_NAMES.engaged, SEGMENT_NAMES.repeat, SEGMENT_NAMES.usSubscribers])
      expect(groups[name]).toBeGreaterThan(0)
    expect(
      await q(
        sql`SELECT COUNT(*) FROM "Group" WHERE "companyId" = ${a.id} AND type = 1 AND ("isProcessing" = ${true} OR "processingPercent" <> 100)`,
      ),
    ).toBe(0)

    const repeat =
      await q(sql`SELECT COUNT(*) FROM (SELECT e."profileId" FROM "Event" e JOIN "Metric" m ON m.id = e."metricId"
      WHERE e."companyId" = ${a.id} AND m.name = 'Placed Order' GROUP BY e."profileId" HAVING COUNT(*) >= 2) x`)
    expect(groups[SEGMENT_NAMES.repeat]).toBe(repeat)
    const highValue =
      await q(sql`SELECT COUNT(*) FROM (SELECT e."profileId" FROM "Event" e JOIN "Metric" m ON m.id = e."metricId"
      WHERE e."companyId" = ${a.id} AND m.name = 'Placed Order' GROUP BY e."profileId" HAVING SUM(e.value) >= 500) x`)
    expect(groups[SEGMENT_NAMES.highValue]).toBe(highValue)
    const engaged =
      await q(sql`SELECT COUNT(DISTINCT e."profileId") FROM "Event" e JOIN "Metric" m ON m.id = e."metricId"
      WHERE e."companyId" = ${a.id} AND m.name = 'Active on Site' AND e.ts >= ${Math.floor(Date.now() / 1000) - 30 * 86400}`)
    expect(groups[SEGMENT_NAMES.engaged]).toBe(engaged)
    const usSubscribers =
      await q(sql`SELECT COUNT(*) FROM "Profile" p WHERE p."companyId" = ${a.id} AND p.country = 'United States' AND p.email IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" pc WHERE pc."profileId" = p.id AND pc.channel = 'email_marketing' AND pc.status = 'unsubscribed')
      AND NOT EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p.id AND s.channel = 'email' AND s."clearedAt" IS NULL)`)
    expect(groups[SEGMENT_NAMES.usSubscribers]).toBe(usSubscribers)
  })

  test('the same seed gives the same data; another seed different data; companies stay apart', async () => {
    const strip = (r: SeedAudienceResult) => ({ ...r, ms: undefined })
    expect(strip(rb)).toEqual(strip(ra))
    expect(await metricCounts(b.id)).toEqual(await metricCounts(a.id))
    expect(await groupCounts(b.id)).toEqual(await groupCounts(a.id))
    const emails = async (id: number) =>
      (
        await all<{ email: string }>(
          sql`SELECT email FROM "Profile" WHERE "companyId" = ${id} ORDER BY "createdAt", email`,
        )
      ).map((r) => r.email)
    expect(await emails(b.id)).toEqual(await emails(a.id))
    // Profile ids are global keys: the same data in another company gets other ids.
    expect(
      await q(
        sql`SELECT COUNT(*) FROM "Profile" pa JOIN "Profile" pb ON pa.id = pb.id WHERE pa."companyId" = ${a.id} AND pb."companyId" = ${b.id}`,
      ),
    ).toBe(0)
    expect(
      await q(
        sql`SELECT COUNT(*) FROM "Event" e JOIN "Profile" p ON p.id = e."profileId" WHERE e."companyId" <> p."companyId"`,
      ),
    ).toBe(0)
    expect(
      await q(
        sql`SELECT COUNT(*) FROM "GroupMembership" gm JOIN "Profile" p ON p.id = gm."profileId" WHERE gm."companyId" <> p."companyId"`,
      ),
    ).toBe(0)
    expect(rc.events).not.toBe(ra.events)
  })
})

describe('seed helpers', () => {
  test('the PRNG is deterministic per seed', () => {
    const x = createRng('s'),
      y = createRng('s'),
      z = createRng('t')
    const seq = (r: ReturnType<typeof createRng>) => Array.from({ length: 5 }, () => r.next())
    const sx = seq(x)
    expect(seq(y)).toEqual(sx)
    expect(seq(z)).not.toEqual(sx)
    expect(sx.every((v) => v >= 0 && v < 1)).toBe(true)
  })

  test('patterns fill digits, letters, classes and area codes', () => {
    const r = createRng('p')
    expect(fillPattern(r, 'XXX[2-9]######', '212 646')).toMatch(/^(212|646)[2-9]\d{6}$/)
    expect(fillPattern(r, 'SW1A #@@')).toMatch(/^SW1A \d[A-Z]{2}$/)
    expect(fillPattern(r, '7[02369]#######')).toMatch(/^7[02369]\d{7}$/)
  })

  test('Black Friday is the day after the fourth Thursday of November and gets the biggest bump', () => {
    expect(new Date(blackFriday(2025)).toISOString().slice(0, 10)).toBe('2025-11-28')
    expect(new Date(blackFriday(2026)).toISOString().slice(0, 10)).toBe('2026-11-27')
    const bf = describeDay(blackFriday(2025))
    const ordinary = describeDay(Date.UTC(2025, 9, 10)) // a Friday in October
    expect(bf.traffic).toBeGreaterThan(ordinary.traffic * 2)
    expect(bf.promo).toBe('holiday')
  })
})
