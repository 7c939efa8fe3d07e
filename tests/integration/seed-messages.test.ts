/** @jest-environment node */
// The demo's message history (lib/seed/seed-messages.ts) over a small seeded audience: live flows
// with runs, sent campaigns with recipients, sends with their message events, orders attributed
// by the real rules; its invariants hold (every message event and attribution points at a Send
// of the company, one Send per key, no event in the future); the reports show figures; two
// companies seeded alike get the same history; another company sees none of it.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)
import { sql, type RawBuilder } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { db } from '@/lib/db/client'
import { seedAudience } from '@/lib/seed/seed-audience'
import { seedCatalog } from '@/lib/seed/seed-catalog'
import { seedMessages, type SeedMessagesResult } from '@/lib/seed/seed-messages'
import { campaignFigures } from '@/lib/reporting/campaign-values'
import { messageOverview } from '@/lib/flows/reports/message-overview'
import { getRevenueSummary } from '@/lib/reporting/dashboard-revenue'
import { FLOW_STATUS } from '@/lib/flows/store'
import { campaignSummary } from '@/lib/campaigns/ajax/summary-export'
import { evaluateWinner, variationFigures } from '@/lib/campaigns/ab-test'
import { makeCompany } from '../helpers/factory'

const NOW = new Date(Date.UTC(2026, 10, 20, 15, 0, 0))
const AUDIENCE = { customers: 400, months: 12, seed: 'msg-store', now: NOW, segments: false }
const all = async <T>(query: RawBuilder<unknown>) => (await query.execute(kysely())).rows as T[]
const one = async (query: RawBuilder<unknown>) =>
  Number(Object.values((await all<Record<string, unknown>>(query))[0]!)[0])

let a: number, b: number, empty: number
let ra: SeedMessagesResult, rb: SeedMessagesResult

beforeAll(async () => {
  a = (await makeCompany()).id
  b = (await makeCompany()).id
  empty = (await makeCompany()).id
  for (const id of [a, b]) {
    await seedAudience(id, AUDIENCE)
    await seedCatalog(id, { seed: 'msg-store', storeUrl: 'https://msg-store.example' })
  }
  ra = await seedMessages(a, { seed: 'msg-store', now: NOW, storeUrl: 'https://msg-store.example' })
  rb = await seedMessages(b, { seed: 'msg-store', now: NOW, storeUrl: 'https://msg-store.example' })
  console.log(
    `seedMessages over ${AUDIENCE.customers} customers: ${ra.ms} ms (${ra.sends} sends, ${ra.messageEvents} message events)`,
  )
})

test('live flows with runs, sent campaigns with recipients, sends and message events', async () => {
  expect(ra.flows).toBe(5)
  expect(ra.campaigns).toBeGreaterThanOrEqual(40)
  expect(ra.flowRuns).toBeGreaterThan(100)
  expect(ra.sends).toBeGreaterThan(1000)
  expect(ra.attributedOrders).toBeGreaterThan(0)
  const live = await db.flow.findMany({ where: { companyId: a, status: FLOW_STATUS.live }, select: { name: true } })
  expect(live.map((f) => f.name).sort()).toEqual([
    'Abandoned checkout',
    'Back in stock',
    'Browse abandonment',
    'Post-purchase thank you',
    'Welcome series',
    'Win-back',
  ])
  const sent = await db.campaign.findMany({
    where: { companyId: a, status: 'Sent' },
    select: { id: true, channel: true, abTest: true, sentAt: true },
  })
  expect(sent).toHaveLength(ra.campaigns)
  expect(sent.filter((c) => c.channel === 'sms')).toHaveLength(1)
  expect(sent.filter((c) => c.abTest && JSON.parse(c.abTest).winnerVariationId)).toHaveLength(1)
  for (const c of sent) expect(c.sentAt!.getTime()).toBeLessThanOrEqual(NOW.getTime())
  expect(await db.campaignRecipient.count({ where: { companyId: a } })).toBe(
    await db.send.count({ where: { companyId: a, sourceType: 'campaign_message' } }),
  )
})

test('every message event and every attribution belongs to a Send of the company; one Send per key; nothing in the future', async () => {
  const orphanEvents = await one(sql`SELECT COUNT(*) FROM "MessageEventIndex" i JOIN "Event" e ON e.id = i."eventId"
    WHERE i."companyId" = ${a} AND NOT EXISTS (SELECT 1 FROM "Send" s WHERE s."companyId" = ${a} AND s."profileId" = e."profileId"
      AND s."sourceType" = i."sourceType" AND (s."sourceId" = i."messageKey" OR s."sourceId" LIKE i."messageKey" || ':%'))`)
  expect(orphanEvents).toBe(0)
  const indexed = await one(sql`SELECT COUNT(*) FROM "MessageEventIndex" WHERE "companyId" = ${a}`)
  expect(indexed).toBe(ra.messageEvents)
  const orphanAttr = await one(sql`SELECT COUNT(*) FROM "EventAttribution" t WHERE t."companyId" = ${a}
    AND NOT EXISTS (SELECT 1 FROM "Send" s WHERE s.id = t."sendId" AND s."companyId" = ${a} AND s."profileId" = t."profileId")`)
  expect(orphanAttr).toBe(0)
  const notOrders =
    await one(sql`SELECT COUNT(*) FROM "EventAttribution" t JOIN "Event" e ON e.id = t."eventId" JOIN "Metric" m ON m.id = e."metricId"
    WHERE t."companyId" = ${a} AND m.name <> 'Placed Order'`)
  expect(notOrders).toBe(0)
  const keys = await one(
    sql`SELECT COUNT(*) FROM (SELECT DISTINCT "channel", "sourceType", "sourceId", "profileId" FROM "Send" WHERE "companyId" = ${a}) k`,
  )
  expect(keys).toBe(ra.sends)
  const future = await one(
    sql`SELECT COUNT(*) FROM "Event" WHERE "companyId" = ${a} AND "ts" > ${Math.floor(NOW.getTime() / 1000)}`,
  )
  expect(future).toBe(0)
  // Flow steps name the sends they made.
  const stepsWithoutSend =
    await one(sql`SELECT COUNT(*) FROM "FlowStep" st WHERE st."companyId" = ${a} AND st."actionType" = 'send-email' AND st.status = 'done'
    AND NOT EXISTS (SELECT 1 FROM "Send" s WHERE s.id = st.outcome AND s."companyId" = ${a})`)
  expect(stepsWithoutSend).toBe(0)
})

test('attributed revenue is a plausible share of all orders', async () => {
  const attributed = await one(sql`SELECT COALESCE(SUM(value), 0) FROM "EventAttribution" WHERE "companyId" = ${a}`)
  const total = await one(
    sql`SELECT COALESCE(SUM(e.value), 0) FROM "Event" e JOIN "Metric" m ON m.id = e."metricId" WHERE e."companyId" = ${a} AND m.name = 'Placed Order'`,
  )
  expect(attributed).toBeGreaterThan(total * 0.1)
  expect(attributed).toBeLessThan(total * 0.6)
})

test('the reports show figures: a campaign, a flow message, the dashboard revenue', async () => {
  const newsletter = await db.campaign.findFirstOrThrow({
    where: { companyId: a, status: 'Sent', channel: 'email' },
    orderBy: { sentAt: 'desc' },
  })
  const figures = await campaignFigures(a, newsletter.id)
  expect(figures.recipients).toBeGreaterThan(50)
  expect(figures.delivered).toBeGreaterThan(0)
  expect(figures.opens_unique).toBeGreaterThan(0)
  expect(figures.open_rate).toBeGreaterThan(0.1)
  expect(figures.open_rate).toBeLessThan(0.9)
  // The campaigns list shows the report's own rates (it showed NaN %: issue 30 §6).
  const summary = await campaignSummary(a, newsletter.id)
  expect(summary).toMatchObject({
    openRate: figures.open_rate,
    clickRate: figures.click_rate,
    delivered: figures.delivered,
  })
  const welcome = await db.flow.findFirstOrThrow({ where: { companyId: a, name: 'Welcome series' } })
  const message = await db.flowMessage.findFirstOrThrow({ where: { companyId: a, flowId: welcome.id } })
  const flowFigures = await messageOverview(a, message.id)
  expect(flowFigures.recipients).toBeGreaterThan(0)
  expect(flowFigures.delivered).toBeGreaterThan(0)
  const revenue = await getRevenueSummary(a, 'UTC', NOW, { days: 365 })
  expect(revenue.last30.flows + revenue.last30.campaigns).toBeGreaterThan(0)
})

test("the A/B test's recorded decision is the evaluation of its own figures", async () => {
  const ab = await db.campaign.findFirstOrThrow({ where: { companyId: a, abTest: { not: null } } })
  const state = JSON.parse(ab.abTest!)
  const ev = evaluateWinner(await variationFigures(a, ab.id, NOW), 'open_rate')
  expect(state).toMatchObject({
    winnerVariationId: ev.leader,
    significant: ev.significant,
    confidenceReached: ev.confidence,
  })
  expect(ev.figures.every((f) => f.recipients > 0)).toBe(true)
})

test('deterministic: two companies seeded alike get the same history', () => {
  const counts = (r: SeedMessagesResult) => ({ ...r, ms: 0 })
  expect(counts(rb)).toEqual(counts(ra))
})

test('another company sees none of it', async () => {
  expect(await db.send.count({ where: { companyId: empty } })).toBe(0)
  expect(await db.eventAttribution.count({ where: { companyId: empty } })).toBe(0)
  expect(await db.campaign.count({ where: { companyId: empty } })).toBe(0)
  expect(await db.flowRun.count({ where: { companyId: empty } })).toBe(0)
  // Company B's attributions credit B's own sends only.
  const crossed = await one(
    sql`SELECT COUNT(*) FROM "EventAttribution" t JOIN "Send" s ON s.id = t."sendId" WHERE t."companyId" = ${b} AND s."companyId" <> ${b}`,
  )
  expect(crossed).toBe(0)
})
