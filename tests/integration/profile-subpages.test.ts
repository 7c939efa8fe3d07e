/** @jest-environment node */
// The profile's sub-pages (seed 001 §2.17): activity log, messages, lists and segments, metrics.
// Each /ajax read through the real route handler, its figures against the rows written here,
// and another company's profile refused as not found.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { db } from '@/lib/db/client'
import { shortId, ulid } from '@/lib/ids/make-id'
import { GET as activity } from '@/app/ajax/profile/[id]/activity-log/route'
import { GET as messages } from '@/app/ajax/profile/[id]/messages/route'
import { GET as groups } from '@/app/ajax/profile/[id]/groups/route'
import { GET as metrics } from '@/app/ajax/profile/[id]/metrics/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

async function setup() {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role: 'owner' })
  const profile = await db.profile.create({
    data: { id: ulid(), companyId: c.id, email: 'ada@ex.test', createdAt: new Date('2026-01-01T00:00:00Z') },
  })
  return { company: c, cookie: await signIn(u.id, c.id), profile }
}

type Handler = typeof activity
const call = async (h: Handler, path: string, id: string, cookie: string) => {
  const res = await h(ajaxRequest(`/ajax/profile/${id}/${path}`, { cookie }), params({ id }))
  return { status: res.status, json: await res.json() }
}

test('lists and segments, and the activity log of entering and leaving them and of consent', async () => {
  const { company, cookie, profile } = await setup()
  const list = await db.group.create({ data: { id: shortId(6), companyId: company.id, name: 'Newsletter', type: 0 } })
  const seg = await db.group.create({ data: { id: shortId(6), companyId: company.id, name: 'VIP', type: 1 } })
  await db.groupMembership.create({
    data: {
      companyId: company.id,
      groupId: list.id,
      profileId: profile.id,
      enteredAt: new Date('2026-02-01T00:00:00Z'),
    },
  })
  await db.groupMembership.create({
    data: {
      companyId: company.id,
      groupId: seg.id,
      profileId: profile.id,
      enteredAt: new Date('2026-02-02T00:00:00Z'),
      leftAt: new Date('2026-03-01T00:00:00Z'),
    },
  })
  await db.groupMembershipChange.createMany({
    data: [
      {
        companyId: company.id,
        groupId: list.id,
        profileId: profile.id,
        kind: 'entered',
        at: new Date('2026-02-01T00:00:00Z'),
      },
      {
        companyId: company.id,
        groupId: seg.id,
        profileId: profile.id,
        kind: 'entered',
        at: new Date('2026-02-02T00:00:00Z'),
      },
      {
        companyId: company.id,
        groupId: seg.id,
        profileId: profile.id,
        kind: 'left',
        at: new Date('2026-03-01T00:00:00Z'),
      },
    ],
  })
  await db.profileConsent.create({
    data: {
      companyId: company.id,
      profileId: profile.id,
      channel: 'email_marketing',
      status: 'subscribed',
      method: 'form',
      source: 'Footer',
      consentedAt: new Date('2026-02-01T00:00:00Z'),
    },
  })

  const g = await call(groups, 'groups', profile.id, cookie)
  expect(g.status).toBe(200)
  expect(
    g.json.groups.map((r: { name: string; type: string; leftAt: string | null }) => [r.name, r.type, r.leftAt]),
  ).toEqual([
    ['Newsletter', 'list', null],
    ['VIP', 'segment', '2026-03-01T00:00:00.000Z'],
  ])

  const a = await call(activity, 'activity-log', profile.id, cookie)
  expect(a.status).toBe(200)
  const kinds = a.json.entries.map((e: { kind: string; groupName?: string; channel?: string }) => [
    e.kind,
    e.groupName ?? e.channel ?? null,
  ])
  expect(kinds).toEqual([
    ['profile_updated', null], // written now, after the back-dated creation
    ['group_left', 'VIP'],
    ['group_entered', 'VIP'],
    ['group_entered', 'Newsletter'],
    ['consent', 'email_marketing'],
    ['profile_created', null],
  ])
})

test('messages name their campaign or flow, newest first, paged; metrics count the events per metric', async () => {
  const { company, cookie, profile } = await setup()
  const campaign = await db.campaign.create({
    data: { id: shortId(8), companyId: company.id, name: 'Spring sale', channel: 'email' },
  })
  const cm = await db.campaignMessage.create({
    data: { id: shortId(8), companyId: company.id, campaignId: campaign.id, channel: 'email' },
  })
  for (let i = 0; i < 55; i++)
    await db.send.create({
      data: {
        id: ulid(),
        companyId: company.id,
        channel: 'email',
        sourceType: i === 0 ? 'campaign_message' : 'transactional',
        sourceId: i === 0 ? cm.id : `t${i}`,
        profileId: profile.id,
        status: 'delivered',
        subject: `Message ${i}`,
        content: '{}',
        createdAt: new Date(Date.UTC(2026, 3, 1) + i * 60_000),
      },
    })
  const first = await call(messages, 'messages', profile.id, cookie)
  expect(first.status).toBe(200)
  expect(first.json.messages).toHaveLength(50)
  expect(first.json.messages[0].subject).toBe('Message 54')
  expect(first.json.next).toBeTruthy()
  const res = await messages(
    ajaxRequest(`/ajax/profile/${profile.id}/messages?cursor=${encodeURIComponent(first.json.next)}`, { cookie }),
    params({ id: profile.id }),
  )
  const second = await res.json()
  expect(second.messages.map((m: { subject: string }) => m.subject)).toEqual([4, 3, 2, 1, 0].map((i) => `Message ${i}`))
  expect(second.messages[4]).toMatchObject({ source: 'campaign', sourceName: 'Spring sale', sourceRef: campaign.id })
  expect(second.next).toBeNull()
  const bad = await messages(
    ajaxRequest(`/ajax/profile/${profile.id}/messages?cursor=nope`, { cookie }),
    params({ id: profile.id }),
  )
  expect(bad.status).toBe(400)

  const metric = await db.metric.create({ data: { id: shortId(6), companyId: company.id, name: 'Placed Order' } })
  for (const [i, v] of [10, 20.5, 30].entries())
    await db.event.create({
      data: {
        companyId: company.id,
        profileId: profile.id,
        metricId: metric.id,
        ts: 1_770_000_000 + i * 86_400,
        value: v,
        uniqueId: `e${i}`,
      },
    })
  const m = await call(metrics, 'metrics', profile.id, cookie)
  expect(m.json.metrics).toEqual([
    {
      metricId: metric.id,
      name: 'Placed Order',
      count: 3,
      value: 60.5,
      first: new Date(1_770_000_000_000).toISOString(),
      last: new Date((1_770_000_000 + 2 * 86_400) * 1000).toISOString(),
    },
  ])
})

test('another company’s profile is not found on every sub-page; signed out is 401', async () => {
  const mine = await setup()
  const other = await setup()
  for (const [h, path] of [
    [activity, 'activity-log'],
    [messages, 'messages'],
    [groups, 'groups'],
    [metrics, 'metrics'],
  ] as const) {
    expect((await call(h, path, other.profile.id, mine.cookie)).status).toBe(404)
    const anon = await h(ajaxRequest(`/ajax/profile/${mine.profile.id}/${path}`), params({ id: mine.profile.id }))
    expect(anon.status).toBe(401)
  }
})
