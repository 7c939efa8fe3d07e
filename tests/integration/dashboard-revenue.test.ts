/** @jest-environment node */
// The dashboard revenue card's figures against hand-computed ones: attributed value of the last
// 30 days (flows vs campaigns) and of the 30 before, per day in the company's zone, the share of
// all conversion value, what earned most (names included); only the conversion metric counts;
// another account's revenue never shows.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { getRevenueSummary } from '@/lib/reporting/dashboard-revenue'
import { makeCompany } from '../helpers/factory'

const NOW = new Date('2026-06-15T12:00:00Z')
const DAY = 86_400
const ts = (daysAgo: number) => Math.floor(NOW.getTime() / 1000) - daysAgo * DAY
let A: number,
  B: number,
  seq = 0

async function order(
  cid: number,
  value: number,
  daysAgo: number,
  attr: { kind: 'flow' | 'campaign'; id: string } | null,
  metric = `MRev${cid}`,
) {
  const e = await db.event.create({
    data: { companyId: cid, profileId: `PRev${cid}`, metricId: metric, ts: ts(daysAgo), value },
  })
  if (attr) {
    await db.eventAttribution.create({
      data: {
        eventId: e.id,
        companyId: cid,
        profileId: `PRev${cid}`,
        metricId: metric,
        ts: e.ts,
        value,
        sourceType: attr.kind,
        campaignId: attr.kind === 'campaign' ? attr.id : null,
        flowId: attr.kind === 'flow' ? attr.id : null,
        messageId: 'msg',
        sendId: `s${++seq}`,
        channel: 'email',
        touch: 'click',
        touchTs: e.ts - 60,
      },
    })
  }
}

beforeAll(async () => {
  A = (await makeCompany('Rev A')).id
  B = (await makeCompany('Rev B')).id
  await db.company.update({ where: { id: A }, data: { currency: 'EUR', timezone: 'Europe/Berlin' } })
  for (const c of [A, B]) {
    await db.profile.create({ data: { id: `PRev${c}`, companyId: c, email: `rev${c}@x.test` } })
    await db.metric.create({ data: { id: `MRev${c}`, companyId: c, name: 'Placed Order' } })
  }
  await db.metric.create({ data: { id: 'MRevOther', companyId: A, name: 'Started Checkout' } })
  await db.flow.create({ data: { id: 'FRev1', companyId: A, name: 'Welcome series', webhookSecret: 'x' } })
  await db.campaign.create({ data: { id: 'CRev1', companyId: A, name: 'June sale', channel: 'email', status: 'Sent' } })
  await order(A, 100, 0, { kind: 'flow', id: 'FRev1' })
  await order(A, 40, 2, { kind: 'campaign', id: 'CRev1' })
  await order(A, 60, 2, { kind: 'flow', id: 'FRev1' })
  await order(A, 500, 3, null) // not attributed: only in the conversion value
  await order(A, 70, 45, { kind: 'campaign', id: 'CRev1' }) // the 30 days before
  await order(A, 999, 1, { kind: 'flow', id: 'FRev1' }, 'MRevOther') // another metric: never counted
  await order(B, 1000, 1, { kind: 'campaign', id: 'CRevB' })
})

test('last 30 days by source, the 30 before, per day, share and top earners', async () => {
  const s = await getRevenueSummary(A, 'Europe/Berlin', NOW)
  expect(s.currency).toBe('EUR')
  expect(s.last30).toEqual({ flows: 160, campaigns: 40, total: 200 })
  expect(s.previous30).toBe(70)
  expect(s.conversionValue).toBe(700)
  expect(s.daily).toHaveLength(30)
  expect(s.daily.at(-1)).toEqual({ date: '2026-06-15', flows: 100, campaigns: 0 })
  expect(s.daily.at(-3)).toEqual({ date: '2026-06-13', flows: 60, campaigns: 40 })
  expect(s.daily.reduce((n, d) => n + d.flows + d.campaigns, 0)).toBe(200)
  expect(s.top).toEqual([
    { kind: 'flow', id: 'FRev1', name: 'Welcome series', value: 160 },
    { kind: 'campaign', id: 'CRev1', name: 'June sale', value: 40 },
  ])
})

test('another account sees only its own revenue; an account without any sees zeros', async () => {
  const b = await getRevenueSummary(B, 'UTC', NOW)
  expect(b.last30).toEqual({ flows: 0, campaigns: 1000, total: 1000 })
  expect(b.top.map((x) => x.id)).toEqual(['CRevB'])
  const empty = await getRevenueSummary((await makeCompany('Rev C')).id, 'UTC', NOW)
  expect(empty).toMatchObject({
    last30: { flows: 0, campaigns: 0, total: 0 },
    previous30: 0,
    conversionValue: 0,
    top: [],
  })
})
