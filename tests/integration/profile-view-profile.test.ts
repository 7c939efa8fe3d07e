/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { db } from '@/lib/db/client'
import { ulid, shortId } from '@/lib/ids/make-id'
import { GET as getProfile, PATCH as patchProfile } from '@/app/ajax/profile/[id]/route'
import { GET as getEvents } from '@/app/ajax/profile/[id]/events/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

async function setup(role = 'owner') {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role })
  return { company: c, cookie: await signIn(u.id, c.id) }
}

async function makeProfile(companyId: number, data: Record<string, unknown> = {}) {
  return db.profile.create({ data: { id: ulid(), companyId, ...data } })
}

async function makeMetric(companyId: number, name: string) {
  return db.metric.create({ data: { id: shortId(6), companyId, name } })
}

async function makeEvent(
  companyId: number,
  profileId: string,
  metricId: string,
  ts: number,
  extra: Record<string, unknown> = {},
) {
  return db.event.create({ data: { companyId, profileId, metricId, ts, ...extra } })
}

const get = (id: string, cookie: string) => getProfile(ajaxRequest(`/ajax/profile/${id}`, { cookie }), params({ id }))
const events = (id: string, cookie: string, qs = '') =>
  getEvents(ajaxRequest(`/ajax/profile/${id}/events${qs}`, { cookie }), params({ id }))

describe('GET /ajax/profile/{id}', () => {
  test('identity, properties, consent per channel, active suppressions, lists and segments, metrics', async () => {
    const { company, cookie } = await setup()
    const p = await makeProfile(company.id, {
      email: 'ada@example.com',
      phoneNumber: '+15555550100',
      externalId: 'cust-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      organization: 'Analytical',
      title: 'Engineer',
      city: 'London',
      country: 'United Kingdom',
      latitude: 51.5,
      properties: JSON.stringify({ favorite_color: 'blue', 'Loyalty Tier': 'Gold', nested: { a_b: 1 } }),
    })
    await db.profileConsent.create({
      data: {
        companyId: company.id,
        profileId: p.id,
        channel: 'email_marketing',
        status: 'subscribed',
        method: 'form',
        source: 'Footer form',
        consentedAt: new Date('2025-01-02T03:04:05Z'),
      },
    })
    await db.profileConsent.create({
      data: { companyId: company.id, profileId: p.id, channel: 'sms_marketing', status: 'unsubscribed' },
    })
    await db.suppression.create({
      data: { companyId: company.id, profileId: p.id, channel: 'email', reason: 'bounced' },
    })
    await db.suppression.create({
      data: { companyId: company.id, profileId: p.id, channel: 'sms', reason: 'manual', clearedAt: new Date() },
    })
    const list = await db.group.create({ data: { id: shortId(6), companyId: company.id, name: 'Newsletter', type: 0 } })
    const seg = await db.group.create({ data: { id: shortId(6), companyId: company.id, name: 'VIP', type: 1 } })
    const gone = await db.group.create({
      data: { id: shortId(6), companyId: company.id, name: 'Deleted', type: 0, deletedAt: new Date() },
    })
    await db.groupMembership.create({
      data: { companyId: company.id, groupId: list.id, profileId: p.id, source: 'csv' },
    })
    await db.groupMembership.create({ data: { companyId: company.id, groupId: seg.id, profileId: p.id } })
    await db.groupMembership.create({ data: { companyId: company.id, groupId: gone.id, profileId: p.id } })
    const m = await makeMetric(company.id, 'Placed Order')
    await makeEvent(company.id, p.id, m.id, 1_700_000_000, { value: 10 })
    await makeEvent(company.id, p.id, m.id, 1_700_000_100, { value: 20 })

    const res = await get(p.id, cookie)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.profile).toMatchObject({
      id: p.id,
      email: 'ada@example.com',
      phoneNumber: '+15555550100',
      externalId: 'cust-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      organization: 'Analytical',
      title: 'Engineer',
      location: { city: 'London', country: 'United Kingdom', latitude: 51.5 },
    })
    expect(new Date(body.profile.createdAt).getTime()).not.toBeNaN()
    // Custom property names are kept exactly as stored (no key transformation).
    expect(body.properties).toEqual({ favorite_color: 'blue', 'Loyalty Tier': 'Gold', nested: { a_b: 1 } })
    expect(body.consent.map((c: { channel: string }) => c.channel)).toEqual([
      'email_marketing',
      'sms_marketing',
      'sms_transactional',
      'push',
      'whatsapp',
    ])
    expect(body.consent[0]).toMatchObject({
      status: 'subscribed',
      method: 'form',
      source: 'Footer form',
      consentedAt: '2025-01-02T03:04:05.000Z',
    })
    expect(body.consent[1].status).toBe('unsubscribed')
    expect(body.consent[2]).toMatchObject({ status: 'never_subscribed', consentedAt: null })
    expect(body.suppressions).toEqual([expect.objectContaining({ channel: 'email', reason: 'bounced' })])
    expect(body.groups.map((g: { name: string; kind: string }) => [g.name, g.kind]).sort()).toEqual([
      ['Newsletter', 'list'],
      ['VIP', 'segment'],
    ])
    expect(body.groups.find((g: { name: string }) => g.name === 'Newsletter')).toMatchObject({
      source: 'csv',
      enteredAt: expect.any(String),
    })
    expect(body.metrics).toEqual([{ id: m.id, name: 'Placed Order', count: 2 }])
  })

  test('unknown, malformed and other-company ids are 404; no profile_read is 403; signed out is 401', async () => {
    const a = await setup()
    const b = await setup()
    const theirs = await makeProfile(b.company.id, { email: 'b@example.com' })
    expect((await get(theirs.id, a.cookie)).status).toBe(404)
    expect((await get(ulid(), a.cookie)).status).toBe(404)
    expect((await get('not-a-valid-id!', a.cookie)).status).toBe(404)
    expect((await get(theirs.id, b.cookie)).status).toBe(200)
    const noAccess = await setup('content_creator')
    const own = await makeProfile(noAccess.company.id)
    expect((await get(own.id, noAccess.cookie)).status).toBe(403)
    expect((await getProfile(ajaxRequest(`/ajax/profile/${own.id}`), params({ id: own.id }))).status).toBe(401)
  })
})

describe('GET /ajax/profile/{id}/events', () => {
  test('newest first with cursor paging, metric names, values and properties; metric filter', async () => {
    const { company, cookie } = await setup()
    const p = await makeProfile(company.id, { email: 'tl@example.com' })
    const order = await makeMetric(company.id, 'Placed Order')
    const view = await makeMetric(company.id, 'Viewed Product')
    const base = 1_750_000_000
    for (let i = 0; i < 30; i++) {
      const isOrder = i % 3 === 0
      await makeEvent(
        company.id,
        p.id,
        isOrder ? order.id : view.id,
        base + Math.floor(i / 2) * 60,
        isOrder
          ? { value: 12.5 + i, currency: 'USD', properties: JSON.stringify({ ItemNames: ['Mug'], order_id: `o${i}` }) }
          : { properties: JSON.stringify({ ProductName: 'Mug', $url: 'https://shop.test/mug' }) },
      )
    }
    // Another profile's events never show.
    const other = await makeProfile(company.id)
    await makeEvent(company.id, other.id, view.id, base + 10_000)

    const first = await events(p.id, cookie)
    expect(first.status).toBe(200)
    const page1 = await first.json()
    expect(page1.events).toHaveLength(25)
    expect(page1.nextCursor).toEqual(expect.any(String))
    const stamps = page1.events.map((e: { timestamp: number }) => e.timestamp)
    expect([...stamps].sort((x, y) => y - x)).toEqual(stamps)
    expect(page1.events[0]).toMatchObject({
      metricName: expect.any(String),
      datetime: new Date(stamps[0] * 1000).toISOString(),
    })
    const anOrder = page1.events.find((e: { metricId: string }) => e.metricId === order.id)
    expect(anOrder).toMatchObject({
      metricName: 'Placed Order',
      currency: 'USD',
      properties: { ItemNames: ['Mug'], order_id: expect.any(String) },
    })
    expect(typeof anOrder.value).toBe('number')

    const page2 = await (await events(p.id, cookie, `?cursor=${encodeURIComponent(page1.nextCursor)}`)).json()
    expect(page2.events).toHaveLength(5)
    expect(page2.nextCursor).toBeNull()
    const ids = [...page1.events, ...page2.events].map((e: { id: number }) => e.id)
    expect(new Set(ids).size).toBe(30)

    const orders = await (await events(p.id, cookie, `?metric_id=${order.id}&page_size=100`)).json()
    expect(orders.events).toHaveLength(10)
    expect(orders.events.every((e: { metricId: string }) => e.metricId === order.id)).toBe(true)
    expect((await (await events(p.id, cookie, '?cursor=&metric_id=')).json()).events).toHaveLength(25)
    // A cursor beyond any stored time and id (12 digits each) reads from the newest, on PostgreSQL's integer columns too.
    const far = await events(p.id, cookie, '?cursor=999999999999.999999999999')
    expect(far.status).toBe(200)
    expect((await far.json()).events).toHaveLength(25)
  })

  test('bad input is 400 with field errors', async () => {
    const { company, cookie } = await setup()
    const p = await makeProfile(company.id)
    for (const qs of ['?cursor=abc', '?page_size=0', '?page_size=101', '?page_size=x', '?metric_id=%24%24']) {
      const res = await events(p.id, cookie, qs)
      expect({ qs, status: res.status }).toEqual({ qs, status: 400 })
      expect((await res.json()).fieldErrors).toBeDefined()
    }
    const res = await events(p.id, cookie, '?metric_id=ZZZZZZ')
    expect(res.status).toBe(400)
    expect((await res.json()).fieldErrors.metric_id).toBeDefined()
  })

  test("cross-tenant: another company's profile is 404 and its metric cannot be used as a filter", async () => {
    const a = await setup()
    const b = await setup()
    const theirs = await makeProfile(b.company.id)
    const theirMetric = await makeMetric(b.company.id, 'Secret')
    await makeEvent(b.company.id, theirs.id, theirMetric.id, 1_700_000_000)
    expect((await events(theirs.id, a.cookie)).status).toBe(404)
    const mine = await makeProfile(a.company.id)
    expect((await events(mine.id, a.cookie, `?metric_id=${theirMetric.id}`)).status).toBe(400)
  })
})

describe('PATCH /ajax/profile/{id}', () => {
  const patch = (id: string, cookie: string, body: unknown) =>
    patchProfile(ajaxRequest(`/ajax/profile/${id}`, { method: 'PATCH', cookie, body }), params({ id }))

  test('updates names and custom properties (names kept exactly), unsets properties', async () => {
    const { company, cookie } = await setup()
    const p = await makeProfile(company.id, {
      email: 'edit@example.com',
      properties: JSON.stringify({ keep: 1, drop_me: 'x' }),
    })
    const res = await patch(p.id, cookie, {
      first_name: 'Grace',
      lastName: 'Hopper',
      location: { city: 'Arlington' },
      properties: { favorite_color: 'green', 'Loyalty Tier': 'Silver' },
      unsetProperties: ['drop_me'],
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.profile).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', location: { city: 'Arlington' } })
    expect(body.properties).toEqual({ keep: 1, favorite_color: 'green', 'Loyalty Tier': 'Silver' })
    const row = await db.profile.findUnique({ where: { id: p.id } })
    expect(row?.firstName).toBe('Grace')
  })

  test('bad input is 400; unknown keys are refused; an invalid email is a field error', async () => {
    const { company, cookie } = await setup()
    const p = await makeProfile(company.id, { email: 'v@example.com' })
    expect((await patch(p.id, cookie, {})).status).toBe(400)
    expect((await patch(p.id, cookie, { nonsense: 1 })).status).toBe(400)
    expect((await patch(p.id, cookie, { firstName: 'x'.repeat(256) })).status).toBe(400)
    expect((await patch(p.id, cookie, { properties: ['not', 'a', 'map'] })).status).toBe(400)
    const bad = await patch(p.id, cookie, { email: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(Object.keys((await bad.json()).fieldErrors ?? {})).toContain('email')
    const raw = await patchProfile(
      new Request(`http://localhost:3000/ajax/profile/${p.id}`, {
        method: 'PATCH',
        headers: { cookie, 'x-csrftoken': 'test-csrf-token-0123456789', 'content-type': 'application/json' },
        body: '{oops',
      }),
      params({ id: p.id }),
    )
    expect(raw.status).toBe(400)
  })

  test("cross-tenant and permissions: another company's profile is 404 and unchanged; read-only roles get 403", async () => {
    const a = await setup()
    const b = await setup()
    const theirs = await makeProfile(b.company.id, { firstName: 'Theirs' })
    expect((await patch(theirs.id, a.cookie, { firstName: 'Hacked' })).status).toBe(404)
    expect((await db.profile.findUnique({ where: { id: theirs.id } }))?.firstName).toBe('Theirs')
    const analyst = await setup('analyst')
    const own = await makeProfile(analyst.company.id)
    expect((await patch(own.id, analyst.cookie, { firstName: 'No' })).status).toBe(403)
  })
})
