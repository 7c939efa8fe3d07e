/** @jest-environment node */
// The flow message reports (/ajax/flow/message/{id}/reports/*) over real Send, Event and
// EmailDeliveryReport rows: counts, rates, per-URL clicks, bounces by kind, attributed conversions; another
// company's message or action is not found.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { createFlowFromTemplate } from '@/lib/flows/templates'
import { GET as overview } from '@/app/ajax/flow/message/[id]/reports/overview/route'
import { GET as recipients } from '@/app/ajax/flow/message/[id]/reports/recipients/route'
import { GET as links } from '@/app/ajax/flow/message/[id]/reports/links/route'
import { GET as deliverability } from '@/app/ajax/flow/message/[id]/reports/deliverability/route'
import { GET as conversions } from '@/app/ajax/flow/message/[id]/reports/conversions/route'
import { GET as linkWho } from '@/app/ajax/flow/message/[id]/reports/link-who/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { webViewToken } from '@/lib/messaging/web-view-link'

let companyId: number
let cookie: string
let otherCookie: string
let messageId: string
let actionId: string
let otherActionId: string
const T0 = Date.UTC(2026, 9, 1, 10, 0, 0)
const sec = (ms: number) => Math.floor(ms / 1000)

async function metric(name: string) {
  return (
    await db.metric.upsert({
      where: { companyId_name: { companyId, name } },
      create: { id: `m${name.replace(/\W/g, '').slice(0, 10)}`, companyId, name },
      update: {},
    })
  ).id
}

beforeAll(async () => {
  const co = await makeCompany('Reports A')
  companyId = co.id
  const other = await makeCompany('Reports B')
  cookie = await signIn((await makeUser({ companyId })).id, companyId)
  otherCookie = await signIn((await makeUser({ companyId: other.id })).id, other.id)
  const flowId = await createFlowFromTemplate(companyId, 'customer_thank_you')
  const msg = await db.flowMessage.findFirstOrThrow({ where: { companyId, flowId } })
  messageId = msg.id
  actionId = msg.actionId
  // A second flow whose sends must not be counted.
  const otherFlow = await createFlowFromTemplate(companyId, 'birthday')
  otherActionId = (await db.flowMessage.findFirstOrThrow({ where: { companyId, flowId: otherFlow } })).actionId

  const people = ['p1', 'p2', 'p3', 'p4']
  for (const [i, id] of people.entries()) {
    await db.profile.create({
      data: { id: `${id}-${companyId}`, companyId, email: `${id}@example.test`, firstName: id.toUpperCase() },
    })
    void i
  }
  const pid = (p: string) => `${p}-${companyId}`
  const send = (
    id: string,
    p: string,
    status: string,
    sentAt: number | null,
    source = actionId,
    reason: string | null = null,
  ) =>
    db.send.create({
      data: {
        id,
        companyId,
        channel: 'email',
        sourceType: 'flow_action_run',
        sourceId: `${source}:run-${id}`,
        profileId: pid(p),
        status,
        reason,
        content: '{}',
        sentAt: sentAt ? new Date(sentAt) : null,
        createdAt: new Date(sentAt ?? T0),
      },
    })
  await send('s1', 'p1', 'delivered', T0)
  await send('s2', 'p2', 'sent', T0 + 3600_000)
  await send('s3', 'p3', 'bounced', T0 + 86_400_000)
  await send('s4', 'p4', 'skipped', null, actionId, 'smart_sending')
  await send('s5', 'p1', 'delivered', T0, otherActionId)

  const opened = await metric('Opened Email')
  const clicked = await metric('Clicked Email')
  const placed = await metric('Placed Order')
  const ev = (m: string, p: string, ts: number, props: Record<string, unknown>, uid: string, value?: number) =>
    db.event.create({
      data: {
        companyId,
        profileId: pid(p),
        metricId: m,
        ts: sec(ts),
        uniqueId: uid,
        properties: JSON.stringify(props),
        value,
      },
    })
  await ev(opened, 'p1', T0 + 60_000, { $message: `${actionId}:run-s1` }, 'o1')
  await ev(opened, 'p1', T0 + 120_000, { $message: `${actionId}:run-s1` }, 'o2')
  await ev(opened, 'p2', T0 + 7200_000, { $message: `${actionId}:run-s2` }, 'o3')
  await ev(clicked, 'p1', T0 + 180_000, { $message: `${actionId}:run-s1`, URL: 'https://shop.test/a' }, 'c1')
  await ev(clicked, 'p2', T0 + 7300_000, { $message: `${actionId}:run-s2`, URL: 'https://shop.test/a' }, 'c2')
  await ev(clicked, 'p2', T0 + 7400_000, { $message: `${actionId}:run-s2`, URL: 'https://shop.test/b' }, 'c3')
  await ev(opened, 'p1', T0 + 60_000, { $message: `${otherActionId}:run-s5` }, 'o-other')
  // Orders, with the attributions the ingest transaction writes (lib/attribution): p1's two
  // orders are attributed to this message (its click), p2's to nothing (after the window), p4's
  // and another order of p1 to the other flow's message.
  const attribute = async (
    e: { id: number; ts: number; value: number | null },
    p: string,
    flowMessageAction: string,
    sendId: string,
  ) => {
    const flow = await db.flowMessage.findFirstOrThrow({ where: { companyId, actionId: flowMessageAction } })
    await db.eventAttribution.create({
      data: {
        eventId: e.id,
        companyId,
        profileId: pid(p),
        metricId: placed,
        ts: e.ts,
        value: e.value ?? 0,
        sourceType: 'flow',
        flowId: flow.flowId,
        messageId: flowMessageAction,
        sendId,
        channel: 'email',
        touch: 'click',
        touchTs: sec(T0 + 180_000),
      },
    })
  }
  await attribute(await ev(placed, 'p1', T0 + 2 * 86_400_000, {}, 'order1', 50), 'p1', actionId, 's1')
  await ev(placed, 'p2', T0 + 3600_000 + 6 * 86_400_000, {}, 'order2', 70)
  await attribute(await ev(placed, 'p1', T0 + 3 * 86_400_000, {}, 'order3', 25.5), 'p1', actionId, 's1')
  await attribute(await ev(placed, 'p4', T0 + 86_400_000, {}, 'order4', 99), 'p4', otherActionId, 's5')
  await db.emailDeliveryReport.create({
    data: {
      companyId,
      profileId: pid('p3'),
      sendId: 's3',
      email: 'p3@example.test',
      kind: 'hard_bounce',
      source: 'dsn',
      reportKey: 'r1',
    },
  })
}, 30_000)

const get = async (handler: typeof overview, path: string, p: Record<string, string>, c = cookie) => {
  const res = await handler(ajaxRequest(path, { cookie: c }), params(p))
  return { status: res.status, body: await res.json() }
}

test('overview: recipients, delivered and unique rates of this message only', async () => {
  const { status, body } = await get(overview, `/ajax/flow/message/${messageId}/reports/overview`, { id: messageId })
  expect(status).toBe(200)
  expect(body).toMatchObject({
    recipients: 4,
    sent: 3,
    delivered: 2,
    statuses: { delivered: 1, sent: 1, bounced: 1, skipped: 1 },
  })
  expect(body.opens).toEqual({ unique: 2, total: 3, rate: 1 })
  expect(body.clicks).toMatchObject({ unique: 2, total: 3, rate: 1, clickToOpenRate: 1 })
  expect(body.bounces.unique).toBe(1)
  expect(body.days.map((d: { date: string }) => d.date)).toEqual(['2026-10-01', '2026-10-02'])
  expect(body.days[0]).toMatchObject({ sent: 2, opened: 2, clicked: 2 })
})

test('recipients: paged, newest first, with opens and clicks; filter by status', async () => {
  const { body } = await get(recipients, `/ajax/flow/message/${messageId}/reports/recipients?pageSize=2`, {
    id: messageId,
  })
  expect(body.total).toBe(4)
  expect(body.recipients).toHaveLength(2)
  expect(body.recipients[0]).toMatchObject({ sendId: 's3', email: 'p3@example.test', status: 'bounced', opened: false })
  const page2 = await get(recipients, `/ajax/flow/message/${messageId}/reports/recipients?pageSize=2&page=2`, {
    id: messageId,
  })
  expect(page2.body.recipients.map((r: { sendId: string }) => r.sendId).sort()).toEqual(['s1', 's4'])
  const s1 = page2.body.recipients.find((r: { sendId: string }) => r.sendId === 's1')
  expect(s1).toMatchObject({ opened: true, clicked: true, name: 'P1' })
  // Issue 27: each flow email links to its web view by the send's signed id.
  expect(s1.webViewId).toBe(webViewToken(companyId, 's1'))
  const skipped = await get(recipients, `/ajax/flow/message/${messageId}/reports/recipients?status=skipped`, {
    id: messageId,
  })
  expect(skipped.body.recipients).toEqual([expect.objectContaining({ sendId: 's4', reason: 'smart_sending' })])
  const bad = await get(recipients, `/ajax/flow/message/${messageId}/reports/recipients?status=nope`, { id: messageId })
  expect(bad.status).toBe(400)
})

test('links: clicks per URL, most clicked first', async () => {
  const { body } = await get(links, `/ajax/flow/message/${messageId}/reports/links`, { id: messageId })
  expect(body).toEqual({
    links: [
      { url: 'https://shop.test/a', clicks: 2, uniqueClicks: 2 },
      { url: 'https://shop.test/b', clicks: 1, uniqueClicks: 1 },
    ],
    totalClicks: 3,
    uniqueClickers: 2,
  })
})

test('link/who: the people who clicked one URL, most clicks first; the url is required', async () => {
  const { status, body } = await get(
    linkWho,
    `/ajax/flow/message/${messageId}/reports/link-who?url=${encodeURIComponent('https://shop.test/a')}`,
    { id: messageId },
  )
  expect(status).toBe(200)
  expect(body).toMatchObject({ total: 2, totalClicks: 2 })
  expect(body.people.map((p: { email: string }) => p.email).sort()).toEqual(['p1@example.test', 'p2@example.test'])
  expect((await get(linkWho, `/ajax/flow/message/${messageId}/reports/link-who`, { id: messageId })).status).toBe(400)
  expect(
    (await get(linkWho, `/ajax/flow/message/${messageId}/reports/link-who?url=x`, { id: messageId }, otherCookie))
      .status,
  ).toBe(404)
})

test('deliverability: statuses, reasons and bounces by kind', async () => {
  const { body } = await get(deliverability, `/ajax/flow/message/${messageId}/reports/deliverability`, {
    id: messageId,
  })
  expect(body.total).toBe(4)
  expect(body.reports).toMatchObject({ hardBounces: 1, softBounces: 0, spamComplaints: 0 })
  expect(body.reasons).toEqual(expect.arrayContaining([{ status: 'skipped', reason: 'smart_sending', count: 1 }]))
  expect(body.bounceRate).toBeCloseTo(1 / 3)
})

test('conversions: the orders attributed to this message (last touch), in the company currency', async () => {
  const { body } = await get(conversions, `/ajax/flow/message/${messageId}/reports/conversions`, { id: messageId })
  expect(body).toMatchObject({
    metric: 'Placed Order',
    currency: 'USD',
    recipients: 3,
    conversions: 2,
    converters: 1,
    value: 75.5,
    valuePerRecipient: 25.17,
  })
  expect(body.windows).toEqual({ emailOpen: 120, emailClick: 120, smsClick: 24, pushOpen: 24 })
  expect(body.days).toEqual([
    { date: '2026-10-03', conversions: 1, value: 50 },
    { date: '2026-10-04', conversions: 1, value: 25.5 },
  ])
  expect(body.rate).toBeCloseTo(1 / 3)
})

test('another company cannot read these reports', async () => {
  for (const h of [overview, recipients, links, deliverability, conversions]) {
    const r = await get(h, `/ajax/flow/message/${messageId}/reports/x`, { id: messageId }, otherCookie)
    expect(r.status).toBe(404)
  }
})

test('no session: 401', async () => {
  const res = await overview(ajaxRequest(`/ajax/flow/message/${messageId}/reports/overview`), params({ id: messageId }))
  expect(res.status).toBe(401)
})
