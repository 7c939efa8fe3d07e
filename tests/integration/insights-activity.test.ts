/** @jest-environment node */
// The activity screens' endpoints through the real handlers: the account feed (newest first,
// one metric, paging), the profiles who did a metric, the activity map by country and dots,
// list and segment growth, and a list's split across segments with the profiles of one; bad
// input is a 400, another company's rows are never read.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { GET as activity } from '@/app/ajax/insights/activity/route'
import { GET as activityMap } from '@/app/ajax/insights/activity-map/route'
import { GET as groups } from '@/app/ajax/insights/groups/route'
import { GET as metricProfiles } from '@/app/ajax/insights/metric/[id]/profiles/route'
import { GET as listSegments } from '@/app/ajax/insights/list/[id]/segments/route'
import { GET as segmentProfiles } from '@/app/ajax/insights/list/[id]/segment-profiles/route'
import { db } from '@/lib/db/client'
import { countryCode } from '@/lib/insights/get-activity-map'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '@/tests/helpers/factory'

type Handler = (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>
const call = async (h: Handler, url: string, cookie: string, p?: Record<string, string>) => {
  const res = await h(ajaxRequest(url, { cookie }), p ? params(p) : undefined)
  return { status: res.status, body: await res.json() }
}
const now = Math.floor(Date.now() / 1000)

let A: number, B: number, cookieA: string, cookieB: string
beforeAll(async () => {
  A = (await makeCompany('Activity A')).id
  B = (await makeCompany('Activity B')).id
  cookieA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  const people: Array<[string, string | null, number | null, number | null]> = [
    ['a1', 'United States', 40.7, -74],
    ['a2', 'US', 40.7, -74],
    ['a3', 'Germany', 52.5, 13.4],
    ['a4', 'Atlantis', null, null],
    ['a5', 'France', 48.9, 2.3], // active only long ago
  ]
  for (const [id, country, latitude, longitude] of people)
    await db.profile.create({
      data: { id: `${id}-${A}`, companyId: A, email: `${id}@a.test`, country, latitude, longitude },
    })
  await db.metric.create({ data: { id: `MO${A}`, companyId: A, name: 'Placed Order' } })
  await db.metric.create({ data: { id: `MV${A}`, companyId: A, name: 'Viewed Product' } })
  const ev = (p: string, m: string, ago: number, value?: number) =>
    db.event.create({ data: { companyId: A, profileId: `${p}-${A}`, metricId: `${m}${A}`, ts: now - ago, value } })
  await ev('a1', 'MO', 100, 10)
  await ev('a1', 'MO', 50, 5)
  await ev('a2', 'MV', 40)
  await ev('a3', 'MO', 30, 7)
  await ev('a4', 'MV', 20)
  await ev('a5', 'MO', 40 * 86_400, 99)
  await db.profile.create({ data: { id: `b1-${B}`, companyId: B, email: 'b1@b.test', country: 'Spain' } })
  await db.metric.create({ data: { id: `MO${B}`, companyId: B, name: 'Placed Order' } })
  await db.event.create({ data: { companyId: B, profileId: `b1-${B}`, metricId: `MO${B}`, ts: now - 10 } })
  // A list of a1–a3 and a segment of a1, a3 (memberships written directly).
  await db.group.create({ data: { id: `L${A}`, companyId: A, name: 'Newsletter', type: 0, memberCount: 3 } })
  await db.group.create({ data: { id: `S${A}`, companyId: A, name: 'Buyers', type: 1, memberCount: 2 } })
  for (const [g, p] of [
    ['L', 'a1'],
    ['L', 'a2'],
    ['L', 'a3'],
    ['S', 'a1'],
    ['S', 'a3'],
  ]) {
    await db.groupMembership.create({ data: { companyId: A, groupId: `${g}${A}`, profileId: `${p}-${A}` } })
    await db.groupMembershipChange.create({
      data: { companyId: A, groupId: `${g}${A}`, profileId: `${p}-${A}`, kind: 'entered' },
    })
  }
})

test('the account feed: newest first, one metric, paging; 400 and 404', async () => {
  const all = await call(activity, '/ajax/insights/activity?page_size=2', cookieA)
  expect(all.status).toBe(200)
  expect(all.body.events.map((e: { metric: { name: string } }) => e.metric.name)).toEqual([
    'Viewed Product',
    'Placed Order',
  ])
  expect(all.body.hasNext).toBe(true)
  const orders = await call(activity, `/ajax/insights/activity?metric_id=MO${A}&page_size=10`, cookieA)
  expect(orders.body.events).toHaveLength(4)
  expect((await call(activity, '/ajax/insights/activity?page_size=1000', cookieA)).status).toBe(400)
  expect((await call(activity, `/ajax/insights/activity?metric_id=MO${B}`, cookieA)).status).toBe(404)
  const b = await call(activity, '/ajax/insights/activity', cookieB)
  expect(b.body.events).toHaveLength(1)
})

test('the profiles who did a metric, most recent first', async () => {
  const { status, body } = await call(metricProfiles, '/x', cookieA, { id: `MO${A}` })
  expect(status).toBe(200)
  expect(
    body.profiles.map((p: { email: string; count: number; value: number }) => [p.email, p.count, p.value]),
  ).toEqual([
    ['a3@a.test', 1, 7],
    ['a1@a.test', 2, 15],
    ['a5@a.test', 1, 99],
  ])
  expect((await call(metricProfiles, '/x', cookieB, { id: `MO${A}` })).status).toBe(404)
  expect((await call(metricProfiles, '/x?page=0', cookieA, { id: `MO${A}` })).status).toBe(400)
})

test('the activity map: countries matched by name or code, unknown ones counted apart, dots', async () => {
  expect(countryCode('United Kingdom')).toBe('GB')
  expect(countryCode('uk')).toBe('GB')
  expect(countryCode('Germany')).toBe('DE')
  const { status, body } = await call(activityMap, '/ajax/insights/activity-map?days=7', cookieA)
  expect(status).toBe(200)
  expect(body.profiles).toBe(4)
  expect(body.countries).toEqual([
    { code: 'US', profiles: 2 },
    { code: 'DE', profiles: 1 },
  ])
  expect(body.unknown).toBe(1)
  expect(body.dots).toEqual(
    expect.arrayContaining([
      { lat: 40.7, lon: -74, profiles: 2 },
      { lat: 52.5, lon: 13.4, profiles: 1 },
    ]),
  )
  expect((await call(activityMap, '/ajax/insights/activity-map?days=400', cookieA)).status).toBe(400)
  expect((await call(activityMap, '/ajax/insights/activity-map', cookieB)).body.countries).toEqual([
    { code: 'ES', profiles: 1 },
  ])
})

test('list and segment growth', async () => {
  const { body } = await call(groups, '/ajax/insights/groups?days=30', cookieA)
  expect(body.groups).toEqual([
    { id: `L${A}`, name: 'Newsletter', kind: 'list', members: 3, joined: 3, left: 0 },
    { id: `S${A}`, name: 'Buyers', kind: 'segment', members: 2, joined: 2, left: 0 },
  ])
  expect((await call(groups, '/ajax/insights/groups', cookieB)).body.groups).toEqual([])
  expect((await call(groups, '/ajax/insights/groups?days=0', cookieA)).status).toBe(400)
})

test("a list's split across segments and the profiles in one", async () => {
  const split = await call(listSegments, '/x', cookieA, { id: `L${A}` })
  expect(split.body).toMatchObject({ members: 3, segments: [{ id: `S${A}`, name: 'Buyers', profiles: 2 }] })
  const people = await call(segmentProfiles, `/x?segment_id=S${A}`, cookieA, { id: `L${A}` })
  expect(people.body.profiles.map((p: { email: string }) => p.email).sort()).toEqual(['a1@a.test', 'a3@a.test'])
  expect((await call(listSegments, '/x', cookieB, { id: `L${A}` })).status).toBe(404)
  expect((await call(segmentProfiles, `/x?segment_id=S${A}`, cookieB, { id: `L${A}` })).status).toBe(404)
  expect((await call(segmentProfiles, '/x', cookieA, { id: `L${A}` })).status).toBe(400)
})
