/** @jest-environment node */
// The campaign report tabs (/ajax/campaign/{id}/reports/{tab}) over real CampaignRecipient, Send,
// Event, EventAttribution and EmailDeliveryReport rows: figures computed by hand below. Machine
// clicks are left out; another company's campaign is not found; an unknown tab or query is a 400.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { GET } from '@/app/ajax/campaign/[id]/reports/[tab]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { campaign, event, list, metric, profiles } from '../helpers/campaigns-engine-fixture'

let companyId: number
let cookie: string
let otherCookie: string
let c: { id: string; messageId: string; variationIds: string[] }
let other: { id: string; messageId: string }
let people: string[]
let listId: string
const T0 = new Date(Date.UTC(2026, 9, 1, 10, 0, 0))
const at = (mins: number) => new Date(T0.getTime() + mins * 60_000)

beforeAll(async () => {
  companyId = (await makeCompany('Tabs A')).id
  const otherCo = await makeCompany('Tabs B')
  cookie = await signIn((await makeUser({ companyId })).id, companyId)
  otherCookie = await signIn((await makeUser({ companyId: otherCo.id })).id, otherCo.id)
  listId = await list(companyId, 'Newsletter')
  const vip = await list(companyId, 'VIP')
  people = await profiles(companyId, 6, [listId], (i) => ({ email: i < 4 ? `p${i}@gmail.test` : `p${i}@shop.test` }))
  c = await campaign(companyId, {
    included: [listId],
    excluded: [vip],
    abTest: { variable: 'subject', metric: 'click_rate', testPercent: 100, confidence: 0.9 },
    variations: [{ name: 'A: Big sale' }, { name: 'B: Last chance' }],
  })
  other = await campaign(companyId, { included: [listId] })
  await db.campaign.update({ where: { id: c.id }, data: { status: 'Sent', sendStartedAt: T0, sentAt: at(5) } })

  // Six recipients: p0–p2 get A, p3–p4 get B (test cohort); p5 was skipped (no consent).
  for (const [i, p] of people.entries()) {
    const variationId = i < 3 ? c.variationIds[0]! : i < 5 ? c.variationIds[1]! : null
    const skipped = i === 5
    await db.campaignRecipient.create({
      data: {
        campaignId: c.id,
        profileId: p,
        companyId,
        messageId: c.messageId,
        variationId,
        cohort: 'ab_test',
        sendAt: T0,
        status: skipped ? 'skipped' : 'released',
        reason: skipped ? 'no_consent' : null,
        sendId: skipped ? null : `s${i}`,
        releasedAt: skipped ? null : T0,
      },
    })
    if (skipped) continue
    const status = i === 2 ? 'bounced' : 'delivered'
    await db.send.create({
      data: {
        id: `s${i}-${c.id}`,
        companyId,
        channel: 'email',
        sourceType: 'campaign_message',
        sourceId: c.messageId,
        profileId: p,
        status,
        content: '{}',
        sentAt: at(i),
        createdAt: at(i),
      },
    })
    await db.campaignRecipient.update({
      where: { campaignId_profileId: { campaignId: c.id, profileId: p } },
      data: { sendId: `s${i}-${c.id}` },
    })
  }
  // The other campaign's send: never counted here.
  await db.send.create({
    data: {
      id: `o-${other.id}`,
      companyId,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: other.messageId,
      profileId: people[0]!,
      status: 'delivered',
      content: '{}',
      sentAt: T0,
    },
  })
  await db.emailDeliveryReport.create({
    data: {
      companyId,
      profileId: people[2]!,
      sendId: `s2-${c.id}`,
      email: 'p2@gmail.test',
      kind: 'hard_bounce',
      source: 'dsn',
      reportKey: 'r1',
    },
  })

  const msg = (i: number, extra: Record<string, unknown> = {}) => ({
    $message: c.messageId,
    $source_type: 'campaign_message',
    $send_id: `s${i}-${c.id}`,
    ...extra,
  })
  await event(companyId, people[0]!, 'Opened Email', at(10), msg(0))
  await event(companyId, people[0]!, 'Clicked Email', at(11), msg(0, { URL: 'https://shop.test/sale' }))
  await event(companyId, people[0]!, 'Clicked Email', at(12), msg(0, { URL: 'https://shop.test/sale' }))
  await event(companyId, people[3]!, 'Opened Email', at(20), msg(3))
  await event(companyId, people[3]!, 'Clicked Email', at(21), msg(3, { URL: 'https://shop.test/sale' }))
  await event(companyId, people[4]!, 'Clicked Email', at(22), msg(4, { URL: 'https://shop.test/new' }))
  // A security scanner's click (machine activity): left out.
  await event(
    companyId,
    people[1]!,
    'Clicked Email',
    at(1),
    msg(1, { URL: 'https://shop.test/sale', $machine: true, $machine_reason: 'security_scanner' }),
  )
  await event(companyId, people[0]!, 'Clicked Email', at(13), {
    $message: other.messageId,
    $source_type: 'campaign_message',
    URL: 'https://shop.test/sale',
  })

  // Two orders attributed to the campaign (last touch), one to nothing.
  const placed = await metric(companyId, 'Placed Order')
  for (const [id, p, v, mins] of [
    [9001, people[0]!, 40, 60],
    [9002, people[3]!, 60.5, 24 * 60 + 30],
  ] as const) {
    await db.eventAttribution.create({
      data: {
        eventId: id,
        companyId,
        profileId: p,
        metricId: placed,
        ts: Math.floor(at(mins).getTime() / 1000),
        value: v,
        sourceType: 'campaign',
        campaignId: c.id,
        messageId: c.messageId,
        sendId: 'x',
        channel: 'email',
        touch: 'click',
        touchTs: Math.floor(at(11).getTime() / 1000),
      },
    })
  }
}, 30_000)

const get = async (tab: string, query = '', ck = cookie, id = c.id) => {
  const res = await GET(ajaxRequest(`/ajax/campaign/${id}/reports/${tab}${query}`, { cookie: ck }), params({ id, tab }))
  return { status: res.status, body: await res.json() }
}

test('recipients: this campaign only, paged newest first, with opens and clicks (scanner clicks ignored); filter by status', async () => {
  const { status, body } = await get('recipients', '?pageSize=3')
  expect(status).toBe(200)
  expect(body.total).toBe(5)
  expect(body.recipients.map((r: { email: string }) => r.email)).toEqual([
    'p4@shop.test',
    'p3@gmail.test',
    'p2@gmail.test',
  ])
  const all = (await get('recipients', '?pageSize=10')).body.recipients as Array<{
    email: string
    opened: boolean
    clicked: boolean
  }>
  expect(all.find((r) => r.email === 'p0@gmail.test')).toMatchObject({ opened: true, clicked: true })
  expect(all.find((r) => r.email === 'p1@gmail.test')).toMatchObject({ opened: false, clicked: false })
  const bounced = await get('recipients', '?status=bounced')
  expect(bounced.body.recipients.map((r: { email: string }) => r.email)).toEqual(['p2@gmail.test'])
  expect((await get('recipients', '?status=nope')).status).toBe(400)
})

test('links: clicks per URL by people, and who clicked one link', async () => {
  const { body } = await get('links')
  expect(body).toEqual({
    links: [
      { url: 'https://shop.test/sale', clicks: 3, uniqueClicks: 2 },
      { url: 'https://shop.test/new', clicks: 1, uniqueClicks: 1 },
    ],
    totalClicks: 4,
    uniqueClickers: 3,
  })
  const who = await get('link-who', `?url=${encodeURIComponent('https://shop.test/sale')}`)
  expect(who.status).toBe(200)
  expect(who.body).toMatchObject({ total: 2, totalClicks: 3 })
  expect(who.body.people.map((p: { email: string; clicks: number }) => [p.email, p.clicks])).toEqual([
    ['p0@gmail.test', 2],
    ['p3@gmail.test', 1],
  ])
  expect(who.body.people[0]).toMatchObject({ firstClick: at(11).toISOString(), lastClick: at(12).toISOString() })
  const missing = await get('link-who')
  expect(missing.status).toBe(400)
  expect(missing.body.fieldErrors.url).toBeDefined()
})

test('deliverability: statuses, bounces by kind and mailbox domains', async () => {
  const { body } = await get('deliverability')
  expect(body).toMatchObject({ total: 5, statuses: { delivered: 4, bounced: 1 }, reports: { hardBounces: 1 } })
  expect(body.bounceRate).toBeCloseTo(1 / 5)
  expect(body.domains).toEqual([
    { domain: 'gmail.test', sent: 4, bounced: 1, bounceRate: 0.25 },
    { domain: 'shop.test', sent: 1, bounced: 0, bounceRate: 0 },
  ])
})

test('conversions: attributed orders, their value, per day and the latest first', async () => {
  const { body } = await get('conversions')
  expect(body).toMatchObject({
    recipients: 5,
    conversions: 2,
    converters: 2,
    value: 100.5,
    averageOrderValue: 50.25,
    valuePerRecipient: 20.1,
  })
  expect(body.rate).toBeCloseTo(2 / 5)
  expect(body.days).toEqual([
    { date: '2026-10-01', conversions: 1, value: 40 },
    { date: '2026-10-02', conversions: 1, value: 60.5 },
  ])
  expect(body.items.map((i: { email: string; value: number; metric: string }) => [i.email, i.value, i.metric])).toEqual(
    [
      ['p3@gmail.test', 60.5, 'Placed Order'],
      ['p0@gmail.test', 40, 'Placed Order'],
    ],
  )
  expect(body.byTouch).toEqual([{ touch: 'click', channel: 'email', conversions: 2, value: 100.5 }])
})

test('audience: included and excluded groups, released, skipped and why', async () => {
  const { body } = await get('audience')
  expect(body.included).toEqual([
    expect.objectContaining({ id: listId, name: 'Newsletter', type: 'list', deleted: false }),
  ])
  expect(body.excluded).toEqual([expect.objectContaining({ name: 'VIP' })])
  expect(body).toMatchObject({ total: 6, released: 5, skipped: 1, pending: 0 })
  expect(body.skipReasons).toEqual([{ reason: 'no_consent', count: 1 }])
})

test('variations: each variation’s figures, the leader and the test used', async () => {
  const { body } = await get('variations', '', cookie)
  const [a, b] = body.variations
  // A: p0 (opened, clicked), p1, p2 (bounced) → delivered 2, clicks 1; B: p3 (opened, clicked), p4 (clicked) → 2 of 2.
  expect(a).toMatchObject({ name: 'A: Big sale', recipients: 3, delivered: 2, clicks: 1, clickRate: 0.5 })
  expect(b).toMatchObject({ name: 'B: Last chance', recipients: 2, delivered: 2, clicks: 2, clickRate: 1 })
  expect(body.evaluation).toMatchObject({
    metric: 'click_rate',
    test: 'two-proportion-z',
    leader: c.variationIds[1],
    required: 0.9,
  })
  expect(typeof body.evaluation.significant).toBe('boolean')
})

test('advanced: every statistic and the day-by-day series', async () => {
  const { body } = await get('advanced')
  expect(body.statistics).toMatchObject({
    recipients: 5,
    delivered: 4,
    bounced: 1,
    conversions: 2,
    conversion_value: 100.5,
  })
  expect(body.days[0]).toMatchObject({
    date: '2026-10-01',
    sent: 5,
    opened: 2,
    clicked: 3,
    conversions: 1,
    revenue: 40,
  })
  expect(body.days[1]).toMatchObject({ date: '2026-10-02', sent: 0, conversions: 1, revenue: 60.5 })
})

test('an unknown tab is a 400; another company gets 404; no session 401', async () => {
  const bad = await get('nonsense')
  expect(bad.status).toBe(400)
  for (const tab of ['recipients', 'links', 'audience', 'variations', 'advanced', 'conversions', 'deliverability']) {
    expect((await get(tab, '', otherCookie)).status).toBe(404)
  }
  const res = await GET(ajaxRequest(`/ajax/campaign/${c.id}/reports/links`), params({ id: c.id, tab: 'links' }))
  expect(res.status).toBe(401)
})
