/** @jest-environment node */
// Messages on the profile's activity timeline (GET /ajax/profile/{id}/events): every Send to the
// profile — sent, skipped with its reason, deferred — with channel, subject and source, between
// the events of the same time, each exactly once across pages; never another company's.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSends } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { ulid } from '@/lib/ids/make-id'
import { listProfileMessages } from '@/lib/profile-view/list-profile-messages'
import { GET as timeline } from '@/app/ajax/profile/[id]/events/route'
import type { TimelinePage } from '@/lib/profile-view/profile-detail-types'

beforeEach(() => {
  delete process.env.SMTP_URL
  process.env.APP_URL = 'https://app.example.test'
})

async function account() {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id })
  return { company, cookie: await signIn(user.id, company.id) }
}

async function campaign(companyId: number, profileId: string, subject: string) {
  const sourceId = ulid()
  await createSends({
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    content: { subject, html: '<p>Hi</p>', fromEmail: 'news@shop.test' },
    recipients: [{ profileId }],
  })
  await deliverSends({ companyId, channel: 'email', sourceType: 'campaign_message', sourceId })
  return db.send.findFirstOrThrow({ where: { companyId, sourceId } })
}

async function page(cookie: string, profileId: string, query = ''): Promise<{ status: number; json: TimelinePage }> {
  const res = await timeline(
    ajaxRequest(`/ajax/profile/${profileId}/events${query}`, { cookie }),
    params({ id: profileId }),
  )
  return { status: res.status, json: await res.json() }
}

test('a sent and a skipped message appear with channel, subject, source, status and reason', async () => {
  const { company, cookie } = await account()
  const { profile } = await upsertProfile(company.id, { email: 'ada@x.test' }, { mode: 'import' })
  const sent = await campaign(company.id, profile.id, 'Spring sale')
  await db.suppression.create({
    data: { companyId: company.id, profileId: profile.id, channel: 'email', reason: 'unsubscribed' },
  })
  const skipped = await campaign(company.id, profile.id, 'Summer sale')
  expect(skipped.status).toBe('skipped')

  const { status, json } = await page(cookie, profile.id)
  expect(status).toBe(200)
  expect(json.messages).toEqual([
    expect.objectContaining({
      id: skipped.id,
      channel: 'email',
      subject: 'Summer sale',
      sourceType: 'campaign_message',
      sourceId: skipped.sourceId,
      status: 'skipped',
      reason: 'suppressed_unsubscribed',
    }),
    expect.objectContaining({
      id: sent.id,
      channel: 'email',
      subject: 'Spring sale',
      sourceType: 'campaign_message',
      status: 'sent',
      reason: 'not_delivered_outbox',
    }),
  ])
  // The Received Email event of the sent one is there too, as an event.
  expect(json.events.map((e) => e.metricName)).toContain('Received Email')
  // Filtered to one metric: events only.
  const metric = json.events[0]!.metricId
  expect((await page(cookie, profile.id, `?metric_id=${metric}`)).json.messages).toEqual([])
})

test('across pages each message appears once, in the span of time of its page', async () => {
  const { company, cookie } = await account()
  const { profile } = await upsertProfile(company.id, { email: 'bob@x.test' }, { mode: 'import' })
  const metric = await db.metric.create({
    data: { id: ulid().slice(-6), companyId: company.id, name: 'Viewed Product', integration: 'api' },
  })
  const base = Math.floor(Date.now() / 1000) - 10_000
  // Events at base+0, +100, …, +900; messages at +50, +450, +850 and one older than every event.
  await db.event.createMany({
    data: Array.from({ length: 10 }, (_, i) => ({
      companyId: company.id,
      profileId: profile.id,
      metricId: metric.id,
      ts: base + i * 100,
      properties: '{}',
    })),
  })
  const at = (s: number) => new Date((base + s) * 1000)
  const ids: string[] = []
  for (const s of [50, 450, 850, -500]) {
    const id = ulid()
    ids.push(id)
    await db.send.create({
      data: {
        id,
        companyId: company.id,
        channel: 'sms',
        sourceType: 'flow_action_run',
        sourceId: id,
        profileId: profile.id,
        status: 'deferred',
        reason: 'quiet_hours',
        content: '{"text":"hi"}',
        deferredUntil: at(s + 3600),
        updatedAt: at(s),
        createdAt: at(s),
      },
    })
  }
  const seen: Array<{ id: string; page: number }> = []
  let cursor: string | null = null
  let n = 0
  do {
    const r: { json: TimelinePage } = await page(cookie, profile.id, `?page_size=3${cursor ? `&cursor=${cursor}` : ''}`)
    for (const m of r.json.messages ?? []) {
      seen.push({ id: m.id, page: n })
      const ts = r.json.events.map((e) => e.timestamp)
      if (r.json.nextCursor) expect(m.timestamp).toBeGreaterThan(Math.min(...ts))
      expect(m).toMatchObject({
        channel: 'sms',
        status: 'deferred',
        reason: 'quiet_hours',
        sourceType: 'flow_action_run',
        subject: 'hi',
      })
      expect(m.deferredUntil).toBe(new Date((m.timestamp + 3600) * 1000).toISOString())
    }
    cursor = r.json.nextCursor
    n++
  } while (cursor)
  expect(seen.map((s) => s.id).sort()).toEqual([...ids].sort())
  // Pages of 3 events: +900..+700 | +600..+400 | +300..+100 | +0.
  expect(Object.fromEntries(seen.map((s) => [s.id, s.page]))).toEqual({
    [ids[0]!]: 3,
    [ids[1]!]: 1,
    [ids[2]!]: 0,
    [ids[3]!]: 3,
  })
})

test("one company never sees another's messages", async () => {
  const a = await account()
  const b = await account()
  const { profile } = await upsertProfile(b.company.id, { email: 'cy@x.test' }, { mode: 'import' })
  await campaign(b.company.id, profile.id, 'B only')
  expect((await page(a.cookie, profile.id)).status).toBe(404)
  expect(await listProfileMessages(a.company.id, profile.id, { lowerSec: null, upperSec: null })).toEqual([])
  expect(await listProfileMessages(b.company.id, profile.id, { lowerSec: null, upperSec: null })).toHaveLength(1)
})
