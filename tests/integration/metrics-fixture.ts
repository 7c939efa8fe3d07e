// Shared fixture of the metrics tests: a company in New York with hand-placed events around the
// spring DST change (2024-03-10). Written through Prisma, so the same fixture runs on SQLite and
// PostgreSQL (TEST_DB=postgres) whatever state the ingestion code is in.
import { db } from '@/lib/db/client'
import { shortId, ulid } from '@/lib/ids/make-id'
import { makeCompany } from '@/tests/helpers/factory'

export const TZ = 'America/New_York'

/**
 * Local (New York) day of each event in brackets. Values, profiles and properties chosen so each
 * measurement, filter and breakdown has a distinct answer.
 */
export const FIXTURE_EVENTS = [
  {
    email: 'p1@ex.test',
    time: '2024-03-09T04:30:00Z',
    value: 10,
    properties: { Category: 'Shoes', ItemCount: 2, Tags: ['sale', 'new'] },
  }, // e1 [Mar 8]
  { email: 'p1@ex.test', time: '2024-03-09T05:00:00Z', value: 5, properties: { Category: 'Hats', ItemCount: 1 } }, // e2 [Mar 9]
  { email: 'p2@ex.test', time: '2024-03-10T04:59:59Z', value: 7.5, properties: { Category: 'Shoes', ItemCount: 3 } }, // e3 [Mar 9]
  {
    email: 'p2@ex.test',
    time: '2024-03-10T05:00:00Z',
    value: 20,
    properties: { Category: 'shoes-premium', Brand: 'Acme' },
  }, // e4 [Mar 10]
  { email: 'p3@ex.test', time: '2024-03-11T03:59:59Z', value: undefined, properties: { Category: 'Bags' } }, // e5 [Mar 10, 23:59:59 EDT]
  { email: 'p1@ex.test', time: '2024-03-11T04:00:00Z', value: 1.25, properties: { Category: 'Shoes', ItemCount: 4 } }, // e6 [Mar 11]
  { email: 'p1@ex.test', time: '2024-03-11T12:00:00Z', value: 3, properties: {} }, // e7 [Mar 11]
] as const

export interface FixtureEventInput {
  metric: string
  email: string
  /** ISO time; now when left out. */
  time?: string
  value?: number
  currency?: string
  uniqueId?: string
  properties?: Record<string, unknown>
}

/**
 * Stores events as ingestion would (profile by email, metric by name, whole-second times), with
 * Prisma only. Returns each event's id, metric and profile.
 */
export async function addEvents(companyId: number, items: readonly FixtureEventInput[]) {
  const out: Array<{ eventId: number; metricId: string; profileId: string }> = []
  for (const it of items) {
    const metric =
      (await db.metric.findFirst({ where: { companyId, name: it.metric } })) ??
      (await db.metric.create({ data: { id: shortId(6), companyId, name: it.metric } }))
    const ts = Math.floor((it.time ? Date.parse(it.time) : Date.now()) / 1000)
    const profile =
      (await db.profile.findFirst({ where: { companyId, email: it.email } })) ??
      (await db.profile.create({ data: { id: ulid(), companyId, email: it.email } }))
    const event = await db.event.create({
      data: {
        companyId,
        profileId: profile.id,
        metricId: metric.id,
        ts,
        value: it.value ?? null,
        currency: it.currency ?? null,
        uniqueId: it.uniqueId ?? null,
        properties: JSON.stringify(it.properties ?? {}),
      },
    })
    const lastEventAt = new Date(ts * 1000)
    if (!profile.lastEventAt || profile.lastEventAt < lastEventAt)
      await db.profile.update({ where: { id: profile.id }, data: { lastEventAt } })
    out.push({ eventId: event.id, metricId: metric.id, profileId: profile.id })
  }
  return out
}

export async function makeMetricsFixture(name = 'Placed Order') {
  const company = await makeCompany()
  await db.company.update({ where: { id: company.id }, data: { timezone: TZ } })
  const results = await addEvents(
    company.id,
    FIXTURE_EVENTS.map((e) => ({
      metric: name,
      email: e.email,
      time: e.time,
      value: e.value,
      properties: { ...e.properties },
    })),
  )
  // Noise: another metric of the same company on the same days.
  await addEvents(company.id, [{ metric: 'Viewed Product', email: 'p1@ex.test', time: '2024-03-09T12:00:00Z' }])
  const metricId = results[0]!.metricId
  const eventIds = results.map((r) => r.eventId)
  const profiles = { p1: results[0]!.profileId, p2: results[2]!.profileId, p3: results[4]!.profileId }
  return { company: { ...company, timezone: TZ }, metricId, eventIds, profiles }
}

/** The range of the fixture as local days: Mar 8 to Mar 12 2024 in New York (5 daily buckets). */
export const FIXTURE_RANGE = { start: new Date('2024-03-08T05:00:00Z'), end: new Date('2024-03-13T04:00:00Z') }
