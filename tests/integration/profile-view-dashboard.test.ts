/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { db } from '@/lib/db/client'
import { ulid, shortId } from '@/lib/ids/make-id'
import { GET } from '@/app/ajax/dashboard/audience/route'
import { getAudienceSummary } from '@/lib/profile-view/get-audience-summary'
import { startOfZonedDay } from '@/lib/profile-view/zoned-time'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

const DAY = 86_400_000

async function fill(companyId: number, now: Date) {
  // New profiles: 3 in the last 7 days, 2 in the 7 before, 4 older than that.
  const ages = [0.1, 2, 6.5, 8, 13, 15, 40, 100, 200]
  for (const a of ages)
    await db.profile.create({ data: { id: ulid(), companyId, createdAt: new Date(now.getTime() - a * DAY) } })
  const profile = await db.profile.create({
    data: { id: ulid(), companyId, createdAt: new Date(now.getTime() - 300 * DAY) },
  })
  const names = [
    'Viewed Product',
    'Placed Order',
    'Active on Site',
    'Added to Cart',
    'Started Checkout',
    'Fulfilled Order',
  ]
  const metrics = []
  for (const name of names) metrics.push(await db.metric.create({ data: { id: shortId(6), companyId, name } }))
  const sec = (ms: number) => Math.floor(ms / 1000)
  let n = 0
  // Counts over the last 30 days: Viewed Product 6, Placed Order 5, … Fulfilled Order 1; plus old ones that do not count.
  for (let i = 0; i < metrics.length; i++) {
    for (let k = 0; k < 6 - i; k++) {
      await db.event.create({
        data: {
          companyId,
          profileId: profile.id,
          metricId: metrics[i]!.id,
          ts: sec(now.getTime() - (k + 1) * 2 * DAY),
          uniqueId: String(n++),
        },
      })
    }
    await db.event.create({
      data: {
        companyId,
        profileId: profile.id,
        metricId: metrics[i]!.id,
        ts: sec(now.getTime() - 60 * DAY),
        uniqueId: String(n++),
      },
    })
  }
  return { metrics, profile }
}

test('the summary counts in the company time zone: 7 days against the 7 before, today, top 5 metrics over 30 days', async () => {
  const c = await makeCompany()
  await db.company.update({ where: { id: c.id }, data: { timezone: 'America/New_York' } })
  const now = new Date()
  const { metrics, profile } = await fill(c.id, now)
  // Two events today (company time), one just before today's start.
  const todayStart = startOfZonedDay(now, 'America/New_York')
  await db.event.create({
    data: {
      companyId: c.id,
      profileId: profile.id,
      metricId: metrics[0]!.id,
      ts: Math.floor(todayStart.getTime() / 1000),
      uniqueId: 't1',
    },
  })
  await db.event.create({
    data: {
      companyId: c.id,
      profileId: profile.id,
      metricId: metrics[0]!.id,
      ts: Math.floor(now.getTime() / 1000),
      uniqueId: 't2',
    },
  })
  await db.event.create({
    data: {
      companyId: c.id,
      profileId: profile.id,
      metricId: metrics[4]!.id,
      ts: Math.floor(todayStart.getTime() / 1000) - 1,
      uniqueId: 't3',
    },
  })

  const u = await makeUser({ companyId: c.id, role: 'analyst' })
  const res = await GET(ajaxRequest('/ajax/dashboard/audience', { cookie: await signIn(u.id, c.id) }))
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(body.timezone).toBe('America/New_York')
  expect(body.totalProfiles).toBe(10)
  // Days are calendar days of the zone, so the boundaries sit at local midnight.
  const since7 = startOfZonedDay(now, 'America/New_York', 6).getTime()
  const since14 = startOfZonedDay(now, 'America/New_York', 13).getTime()
  const created = [0.1, 2, 6.5, 8, 13, 15, 40, 100, 200].map((a) => now.getTime() - a * DAY)
  expect(body.newProfiles.last7Days).toBe(created.filter((t) => t >= since7).length)
  expect(body.newProfiles.previous7Days).toBe(created.filter((t) => t >= since14 && t < since7).length)
  expect(body.newProfiles.daily).toHaveLength(14)
  expect(body.newProfiles.daily[13].date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  expect(body.eventsToday).toBe(2)
  expect(body.topMetrics).toHaveLength(5)
  expect(body.topMetrics[0]).toEqual({ id: metrics[0]!.id, name: 'Viewed Product', count: 8 })
  expect(body.topMetrics.map((m: { name: string }) => m.name)).toEqual([
    'Viewed Product',
    'Placed Order',
    'Active on Site',
    'Added to Cart',
    'Started Checkout',
  ])
})

test('an empty account answers zeros and an empty top list', async () => {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id })
  const body = await (await GET(ajaxRequest('/ajax/dashboard/audience', { cookie: await signIn(u.id, c.id) }))).json()
  expect(body).toMatchObject({
    totalProfiles: 0,
    eventsToday: 0,
    topMetrics: [],
    newProfiles: { last7Days: 0, previous7Days: 0 },
  })
})

test("cross-tenant: another company's profiles and events are never counted", async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  await fill(b.id, new Date())
  const u = await makeUser({ companyId: a.id })
  const body = await (await GET(ajaxRequest('/ajax/dashboard/audience', { cookie: await signIn(u.id, a.id) }))).json()
  expect(body).toMatchObject({
    totalProfiles: 0,
    eventsToday: 0,
    topMetrics: [],
    newProfiles: { last7Days: 0, previous7Days: 0 },
  })
})

test('permissions: no audience resources is 403; signed out 401', async () => {
  const c = await makeCompany()
  const creator = await makeUser({ companyId: c.id, role: 'content_creator' })
  expect((await GET(ajaxRequest('/ajax/dashboard/audience', { cookie: await signIn(creator.id, c.id) }))).status).toBe(
    403,
  )
  expect((await GET(ajaxRequest('/ajax/dashboard/audience'))).status).toBe(401)
  // The read model leaves out what the viewer may not see.
  const partial = await getAudienceSummary(c.id, 'UTC', { profiles: true, metrics: false })
  expect(partial.eventsToday).toBeNull()
  expect(partial.topMetrics).toBeNull()
  expect(partial.newProfiles).not.toBeNull()
})

test('a bad stored time zone falls back to UTC instead of failing', async () => {
  const c = await makeCompany()
  const summary = await getAudienceSummary(c.id, 'Not/AZone', { profiles: true, metrics: true })
  expect(summary.timezone).toBe('UTC')
})
