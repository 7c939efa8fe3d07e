/** @jest-environment node */
// The /ajax calls of /settings/data (event retention and its purge job, the owners' account
// export into the downloads area), /settings/account/testing (test recipients), and the
// /kagent/overview and /cdp/intelligence hubs: validation, roles, and one company never
// reaching or changing another's rows.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { PURGE_BATCH } from '@/lib/data-settings/event-retention'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as dataSettings from '@/app/ajax/account/data-settings/route'
import * as retention from '@/app/ajax/account/data-settings/retention/route'
import * as exportRoute from '@/app/ajax/account/data-settings/export/route'
import * as recipients from '@/app/ajax/account/test-recipients/route'
import * as recipient from '@/app/ajax/account/test-recipients/[id]/route'
import * as downloadFile from '@/app/ajax/downloads/[id]/file/route'
import * as agent from '@/app/ajax/kagent/overview/route'
import * as intelligence from '@/app/ajax/insights/intelligence/route'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
async function json(res: Response): Promise<{ status: number; body: any }> {
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

async function account(role = 'owner') {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role })
  return { companyId: c.id, userId: u.id, cookie: await signIn(u.id, c.id) }
}
async function member(companyId: number, role: string) {
  const u = await makeUser({ companyId, role })
  return { companyId, userId: u.id, cookie: await signIn(u.id, companyId) }
}

const DAY = 86_400
async function events(companyId: number, count: number, ageDays: number, now: Date) {
  const metric =
    (await db.metric.findFirst({ where: { companyId, name: 'Viewed Product' } })) ??
    (await db.metric.create({ data: { id: ulid(), companyId, name: 'Viewed Product' } }))
  const profile = await db.profile.create({ data: { id: ulid(), companyId, email: `${ulid()}@example.test` } })
  const ts = Math.floor(now.getTime() / 1000) - ageDays * DAY
  await db.event.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      companyId,
      profileId: profile.id,
      metricId: metric.id,
      ts: ts - i,
    })),
  })
}

afterEach(() => setQueueClock(null))

test('event retention is off by default; when on, the job deletes only older events, in batches, and books tomorrow', async () => {
  const now = new Date()
  setQueueClock(now)
  const a = await account()
  const b = await account()
  await events(a.companyId, PURGE_BATCH + 5, 400, now)
  await events(a.companyId, 3, 10, now)
  await events(b.companyId, 4, 400, now)

  const initial = await json(await dataSettings.GET(ajaxRequest('/ajax/account/data-settings', { cookie: a.cookie })))
  expect(initial.body.retention).toMatchObject({
    enabled: false,
    eventRetentionDays: 730,
    eventsTotal: PURGE_BATCH + 8,
  })
  expect(initial.body).toMatchObject({ canEditRetention: true, canExport: true })

  const put = (cookie: string, body: unknown) =>
    retention.PUT(ajaxRequest('/ajax/account/data-settings/retention', { method: 'PUT', cookie, body }))
  const bad = await json(await put(a.cookie, { enabled: true, eventRetentionDays: 3 }))
  expect(bad.status).toBe(400)
  expect(JSON.stringify(bad.body)).toContain('eventRetentionDays')

  const saved = await json(await put(a.cookie, { enabled: true, eventRetentionDays: 365 }))
  expect(saved.status).toBe(200)
  expect(saved.body).toMatchObject({ enabled: true, eventRetentionDays: 365, eventsOlderThanPeriod: PURGE_BATCH + 5 })
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: a.companyId } })).toBe(3)
  expect(await db.event.count({ where: { companyId: b.companyId } })).toBe(4)
  const after = await db.dataRetentionSetting.findUniqueOrThrow({ where: { companyId: a.companyId } })
  expect(after.lastPurgedCount).toBe(PURGE_BATCH + 5)
  // Tomorrow's run is booked by the job itself: events that age past the period meanwhile go then.
  await events(a.companyId, 2, 400, now)
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: a.companyId } })).toBe(5)
  const tomorrow = new Date(now.getTime() + 25 * 3600_000)
  setQueueClock(tomorrow)
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: a.companyId } })).toBe(3)
  expect((await db.dataRetentionSetting.findUniqueOrThrow({ where: { companyId: a.companyId } })).lastPurgeAt).toEqual(
    tomorrow,
  )

  const analyst = await member(a.companyId, 'analyst')
  expect((await put(analyst.cookie, { enabled: false, eventRetentionDays: 365 })).status).toBe(403)
})

test('the account export is for owners; it lands in their downloads as a CSV set of the account only', async () => {
  const a = await account()
  const b = await account()
  await db.profile.create({
    data: { id: ulid(), companyId: a.companyId, email: 'mine@example.test', firstName: '=cmd' },
  })
  await db.profile.create({ data: { id: ulid(), companyId: b.companyId, email: 'theirs@example.test' } })
  const admin = await member(a.companyId, 'admin')
  const refused = await exportRoute.POST(
    ajaxRequest('/ajax/account/data-settings/export', { method: 'POST', cookie: admin.cookie }),
  )
  expect(refused.status).toBe(403)

  const started = await json(
    await exportRoute.POST(ajaxRequest('/ajax/account/data-settings/export', { method: 'POST', cookie: a.cookie })),
  )
  expect(started.status).toBe(202)
  expect(started.body.downloadIds).toHaveLength(3)
  await runJobsUntilIdle()
  const listed = await json(await dataSettings.GET(ajaxRequest('/ajax/account/data-settings', { cookie: a.cookie })))
  expect(listed.body.exports.map((e: { status: string }) => e.status)).toEqual(['complete', 'complete', 'complete'])
  const profilesId = String(started.body.downloadIds[0])
  const file = await downloadFile.GET(
    ajaxRequest(`/ajax/downloads/${profilesId}/file`, { cookie: a.cookie }),
    params({ id: profilesId }),
  )
  const csv = await file.text()
  expect(csv).toContain('mine@example.test')
  expect(csv).toContain("'=cmd")
  expect(csv).not.toContain('theirs@example.test')
  // Another user of the same account, and another account, do not get the file.
  const other = await downloadFile.GET(
    ajaxRequest(`/ajax/downloads/${profilesId}/file`, { cookie: admin.cookie }),
    params({ id: profilesId }),
  )
  expect(other.status).toBe(404)
  const foreign = await downloadFile.GET(
    ajaxRequest(`/ajax/downloads/${profilesId}/file`, { cookie: b.cookie }),
    params({ id: profilesId }),
  )
  expect(foreign.status).toBe(404)
})

test('test recipients: validated per kind, unique, removable only by their own account', async () => {
  const a = await account()
  const b = await account()
  const add = (cookie: string, body: unknown) =>
    recipients.POST(ajaxRequest('/ajax/account/test-recipients', { method: 'POST', cookie, body }))
  expect((await add(a.cookie, { kind: 'email', value: ' QA@Example.test ' })).status).toBe(201)
  expect((await add(a.cookie, { kind: 'phone', value: '+1 (555) 555-0100' })).status).toBe(201)
  const dup = await json(await add(a.cookie, { kind: 'email', value: 'qa@example.test' }))
  expect(dup.status).toBe(400)
  expect(JSON.stringify(dup.body)).toContain('value')
  expect((await add(a.cookie, { kind: 'email', value: 'not-an-address' })).status).toBe(400)
  expect((await add(a.cookie, { kind: 'phone', value: '5550100' })).status).toBe(400)
  expect((await add(a.cookie, { kind: 'fax', value: '+15555550100' })).status).toBe(400)

  const list = await json(await recipients.GET(ajaxRequest('/ajax/account/test-recipients', { cookie: a.cookie })))
  expect(list.body.recipients.map((r: { kind: string; value: string }) => [r.kind, r.value])).toEqual([
    ['email', 'qa@example.test'],
    ['phone', '+15555550100'],
  ])
  expect(list.body.testAccount).toBe(false)
  const id = String(list.body.recipients[0].id)
  const del = (cookie: string) =>
    recipient.DELETE(ajaxRequest(`/ajax/account/test-recipients/${id}`, { method: 'DELETE', cookie }), params({ id }))
  expect((await del(b.cookie)).status).toBe(404)
  const analyst = await member(a.companyId, 'analyst')
  expect((await del(analyst.cookie)).status).toBe(403)
  expect((await add(analyst.cookie, { kind: 'email', value: 'x@example.test' })).status).toBe(403)
  expect((await del(a.cookie)).status).toBe(200)
  expect(await db.testRecipient.count({ where: { companyId: a.companyId } })).toBe(1)
  const theirs = await json(await recipients.GET(ajaxRequest('/ajax/account/test-recipients', { cookie: b.cookie })))
  expect(theirs.body.recipients).toEqual([])
})

test('the agent overview counts the last 30 days of this account only; a new account is empty', async () => {
  const a = await account()
  const b = await account()
  const empty = await json(await agent.GET(ajaxRequest('/ajax/kagent/overview', { cookie: a.cookie })))
  expect(empty.body).toMatchObject({ inbound: 0, answered: 0, knowledge: { entries: 0 } })

  const profile = await db.profile.create({ data: { id: ulid(), companyId: a.companyId, phoneNumber: '+15555550199' } })
  const conv = await db.conversation.create({
    data: { companyId: a.companyId, profileId: profile.id, channel: 'sms', lastMessageAt: new Date() },
  })
  const q = await db.conversationMessage.create({
    data: { companyId: a.companyId, conversationId: conv.id, channel: 'sms', direction: 'in', body: 'Hours?' },
  })
  await db.conversationMessage.create({
    data: {
      companyId: a.companyId,
      conversationId: conv.id,
      channel: 'sms',
      direction: 'out',
      kind: 'automatic',
      body: '9 to 5',
      deliveryStatus: 'delivered',
      clientRequestId: `auto:${q.id}:0`,
    },
  })
  // An old answer is outside the window.
  await db.conversationMessage.create({
    data: {
      companyId: a.companyId,
      conversationId: conv.id,
      channel: 'sms',
      direction: 'in',
      body: 'old',
      createdAt: new Date(Date.now() - 40 * DAY * 1000),
    },
  })
  const faq = await db.inboxFaq.create({ data: { companyId: a.companyId, question: 'Hours?', answer: '9 to 5' } })
  await db.inboxAutomationDecision.create({
    data: { companyId: a.companyId, messageId: q.id, conversationId: conv.id, ruleKind: 'faq', ruleId: faq.id },
  })
  const got = await json(await agent.GET(ajaxRequest('/ajax/kagent/overview', { cookie: a.cookie })))
  expect(got.body).toMatchObject({
    inbound: 1,
    answered: 1,
    outcomes: { delivered: 1, failed: 0, pending: 0 },
    byRule: { faq: 1, intent: 0, awayMessage: 0 },
    knowledge: { entries: 1, enabled: 1 },
  })
  const theirs = await json(await agent.GET(ajaxRequest('/ajax/kagent/overview', { cookie: b.cookie })))
  expect(theirs.body).toMatchObject({ inbound: 0, answered: 0, knowledge: { entries: 0 } })
  const content = await member(a.companyId, 'content_creator')
  expect((await agent.GET(ajaxRequest('/ajax/kagent/overview', { cookie: content.cookie }))).status).toBe(403)
})

test('the intelligence hub has the five cards with their links; a new account has no figures yet', async () => {
  const a = await account()
  const hub = await json(await intelligence.GET(ajaxRequest('/ajax/insights/intelligence', { cookie: a.cookie })))
  expect(hub.status).toBe(200)
  expect(hub.body.cards.map((c: { key: string; href: string; ready: boolean }) => [c.key, c.href, c.ready])).toEqual([
    ['rfm', '/customer-insights/rfm', false],
    ['clv', '/predictive-models/clv', false],
    ['funnel', '/customer-insights/funnel', false],
    ['audience', '/customer-insights/audience', false],
    ['product', '/catalog-insights/product', false],
  ])
  await events(a.companyId, 2, 1, new Date())
  const after = await json(await intelligence.GET(ajaxRequest('/ajax/insights/intelligence', { cookie: a.cookie })))
  expect(after.body.cards[3]).toMatchObject({ key: 'audience', ready: true, figures: { profiles: 1 } })
})
