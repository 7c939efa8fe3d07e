/** @jest-environment node */
// The benchmarks page's account rates on a hand-counted fixture (people's opens only, clicks,
// attributed conversions, unsubscribes, bounces per campaign send), the reference ranges for
// campaigns only, and the guided pages' steps from the account's real state; company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import { metric } from '../helpers/campaigns-engine-fixture'
import { accountRates } from '@/lib/deliverability/benchmarks/account-rates'
import { blackFriday, bfcmSeason } from '@/lib/guides/account-progress'
import * as benchmarksRoute from '@/app/ajax/benchmarks/route'
import * as growthRoute from '@/app/ajax/guides/growth/route'
import * as bfcmRoute from '@/app/ajax/guides/bfcm/route'

const AT = new Date('2026-05-10T10:00:00Z')
let A: number, cookieA: string, cookieB: string

async function event(companyId: number, profileId: string, metricId: string, uniqueId: string, properties = {}) {
  return db.event.create({
    data: {
      companyId,
      profileId,
      metricId,
      ts: Math.floor(AT.getTime() / 1000) + 60,
      uniqueId,
      properties: JSON.stringify(properties),
    },
  })
}

beforeAll(async () => {
  A = (await makeCompany()).id
  const B = (await makeCompany()).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  const opened = await metric(A, 'Opened Email')
  const clicked = await metric(A, 'Clicked Email')
  const unsub = await metric(A, 'Unsubscribed')
  const order = await metric(A, 'Placed Order')
  // 5 campaign sends: s0 bounced; s1 opened twice by a person and clicked; s2 opened by a
  // machine only; s3 opened by a person, converted; s4 unsubscribed. One flow send (not counted).
  for (let i = 0; i < 6; i++) {
    await db.profile.create({ data: { id: `p${i}`, companyId: A, email: `p${i}@x.test` } })
    await db.send.create({
      data: {
        id: `s${i}`,
        companyId: A,
        channel: 'email',
        sourceType: i === 5 ? 'flow_action_run' : 'campaign_message',
        sourceId: i === 5 ? 'a1:r1' : 'm1',
        profileId: `p${i}`,
        status: i === 0 ? 'bounced' : 'delivered',
        content: '{}',
        sentAt: AT,
      },
    })
  }
  await event(A, 'p1', opened, 's1:Opened Email:1:person')
  await event(A, 'p1', opened, 's1:Opened Email:2:person')
  await event(A, 'p1', clicked, 's1:Clicked Email:0:3:person')
  await event(A, 'p2', opened, 's2:Opened Email:1:apple_mpp', { $machine: true })
  await event(A, 'p3', opened, 's3:Opened Email:1:person')
  await event(A, 'p4', unsub, 's4:Unsubscribed')
  const conv = await event(A, 'p3', order, 'order-1')
  await db.eventAttribution.create({
    data: {
      eventId: conv.id,
      companyId: A,
      profileId: 'p3',
      metricId: order,
      ts: 1,
      value: 10,
      sourceType: 'campaign',
      campaignId: 'c1',
      messageId: 'm1',
      sendId: 's3',
      channel: 'email',
      touch: 'open',
      touchTs: 1,
    },
  })
})

test('account rates of campaigns: people opens, clicks, conversions, unsubscribes over delivered; bounces over sent', async () => {
  const r = await accountRates(A, 'campaigns', new Date('2026-05-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z'))
  expect(r).toEqual({
    sent: 5,
    delivered: 4,
    openRate: 0.5,
    clickRate: 0.25,
    conversionRate: 0.25,
    unsubscribeRate: 0.25,
    spamRate: 0,
    bounceRate: 0.2,
  })
  const f = await accountRates(A, 'flows', new Date('2026-05-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z'))
  expect(f.sent).toBe(1)
})

test('benchmarks endpoint: reference ranges with sources for campaigns, none for flows; 400 on a bad source', async () => {
  const c = await (
    await benchmarksRoute.GET(ajaxRequest('/ajax/benchmarks?source=campaigns', { cookie: cookieA }))
  ).json()
  expect(c.reference.map((r: { metric: string }) => r.metric)).toContain('openRate')
  expect(Object.values(c.sources).every((s) => (s as { url: string }).url.startsWith('https://mailchimp.com/'))).toBe(
    true,
  )
  const f = await (await benchmarksRoute.GET(ajaxRequest('/ajax/benchmarks?source=flows', { cookie: cookieA }))).json()
  expect(f.reference).toEqual([])
  const bad = await benchmarksRoute.GET(ajaxRequest('/ajax/benchmarks?source=sms', { cookie: cookieA }))
  expect(bad.status).toBe(400)
})

test('guides: steps done from the account state, links to built tools, and the BFCM season', async () => {
  await db.form.create({ data: { id: 'F1', companyId: A, name: 'Popup', status: 'live' } })
  const growth = await (await growthRoute.GET(ajaxRequest('/ajax/guides/growth', { cookie: cookieA }))).json()
  const step = (id: string) => growth.steps.find((s: { id: string }) => s.id === id)
  expect(step('signupForm')).toMatchObject({ done: true, count: 1, href: '/forms/create' })
  expect(step('welcomeFlow')).toMatchObject({ done: false, href: '/library/flows' })
  const other = await (await growthRoute.GET(ajaxRequest('/ajax/guides/growth', { cookie: cookieB }))).json()
  expect(other.steps.every((s: { done: boolean }) => !s.done)).toBe(true)
  const bfcm = await (await bfcmRoute.GET(ajaxRequest('/ajax/guides/bfcm', { cookie: cookieA }))).json()
  expect(bfcm.steps.map((s: { id: string }) => s.id)).toContain('scheduleCampaigns')
  expect(blackFriday(2026).toISOString().slice(0, 10)).toBe('2026-11-27')
  expect(blackFriday(2025).toISOString().slice(0, 10)).toBe('2025-11-28')
  expect(bfcmSeason(new Date('2026-12-05T00:00:00Z')).blackFriday).toBe('2027-11-26')
})
