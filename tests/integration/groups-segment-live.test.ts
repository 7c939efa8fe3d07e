/** @jest-environment node */
// Live membership (events and profile changes re-evaluate the segments they can affect, with
// no recompute job in between), the background recompute (progress, idempotency, a definition
// changed mid-way) and the definition cache.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first test also starts the queue (on PostgreSQL: its schema and workers).
jest.setTimeout(30_000)
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { createSegment } from '@/lib/groups/create-segment'
import { createList } from '@/lib/groups/create-list'
import { updateGroup } from '@/lib/groups/update-group'
import { deleteGroups } from '@/lib/groups/delete-groups'
import { addProfilesToList, removeProfilesFromList, countMembers } from '@/lib/groups/list-membership'
import { recomputeSegment } from '@/lib/segments/recompute-segment'
import { compiledMatchQuery, reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { activeSegmentsOps } from '@/lib/segments/active-segments'
import { read } from '@/lib/db/ops'
import { ingestEvents } from '@/lib/events/ingest-events'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { suppress } from '@/lib/profiles/consent'
import { mergeProfiles } from '@/lib/profiles/merge-profiles'
import { enqueue, runJobsUntilIdle } from '@/lib/jobs/queue'
import { ulid } from '@/lib/ids/make-id'
import { setQueueClock } from '@/lib/jobs/clock'
import { setSegmentClock } from '@/lib/segments/clock'
import type { SegmentDefinition } from '@/lib/segments/definition'
import { queuedJobs } from '../helpers/queued-jobs'

const def = (...conditions: unknown[]) => ({ version: 1, root: { type: 'and', conditions } }) as SegmentDefinition
const members = async (groupId: string) =>
  (await db.groupMembership.findMany({ where: { groupId, leftAt: null }, select: { profileId: true } }))
    .map((m) => m.profileId)
    .sort()
const changes = async (groupId: string) =>
  (await db.groupMembershipChange.findMany({ where: { groupId }, orderBy: { id: 'asc' } })).map((c) => [
    c.kind,
    c.profileId,
  ])

async function company() {
  const c = await makeCompany()
  return c.id
}

test('an ingested event puts the profile in the segment at once, and records the entry', async () => {
  const cid = await company()
  const metric = await getOrCreateMetric(cid, 'Placed Order')
  const seg = await createSegment(cid, {
    name: 'Buyers',
    definition: def({
      kind: 'metric',
      metricId: metric.id,
      comparison: 'at_least',
      count: 2,
      timeframe: { type: 'all_time' },
    }),
  })
  await runJobsUntilIdle()
  const [first] = await ingestEvents(cid, [
    { metric: { name: 'Placed Order' }, profile: { email: 'live@x.test' }, value: 5 },
  ])
  expect(await members(seg.id)).toEqual([])
  await ingestEvents(cid, [{ metric: { name: 'Placed Order' }, profile: { email: 'live@x.test' }, value: 7 }])
  expect(await members(seg.id)).toEqual([first!.profileId])
  expect(await changes(seg.id)).toEqual([['entered', first!.profileId]])
  expect((await db.group.findUniqueOrThrow({ where: { id: seg.id } })).memberCount).toBe(1)
})

test('events of other metrics leave the segment alone; zero-times segments lose members on an event', async () => {
  const cid = await company()
  const order = await getOrCreateMetric(cid, 'Placed Order')
  await getOrCreateMetric(cid, 'Viewed Product')
  const { profile } = await upsertProfile(cid, { email: 'never@x.test' }, { mode: 'import' })
  const seg = await createSegment(cid, {
    name: 'Never bought',
    definition: def({
      kind: 'metric',
      metricId: order.id,
      comparison: 'zero_times',
      count: 0,
      timeframe: { type: 'all_time' },
    }),
  })
  await runJobsUntilIdle()
  expect(await members(seg.id)).toEqual([profile.id])
  await ingestEvents(cid, [{ metric: { name: 'Viewed Product' }, profile: { email: 'never@x.test' } }])
  expect(await members(seg.id)).toEqual([profile.id])
  await ingestEvents(cid, [{ metric: { name: 'Placed Order' }, profile: { email: 'never@x.test' } }])
  expect(await members(seg.id)).toEqual([])
  expect(await changes(seg.id)).toEqual([
    ['entered', profile.id],
    ['left', profile.id],
  ])
})

test('a profile change moves the profile in and out of a location segment', async () => {
  const cid = await company()
  const seg = await createSegment(cid, {
    name: 'Berliners',
    definition: def({ kind: 'location', field: 'city', operator: 'equals', value: 'Berlin' }),
  })
  await runJobsUntilIdle()
  const { profile } = await upsertProfile(
    cid,
    { email: 'move@x.test', location: { city: 'Berlin' } },
    { mode: 'import' },
  )
  expect(await members(seg.id)).toEqual([profile.id])
  await upsertProfile(cid, { email: 'move@x.test', location: { city: 'Hamburg' } }, { mode: 'import' })
  expect(await members(seg.id)).toEqual([])
  expect(await changes(seg.id)).toEqual([
    ['entered', profile.id],
    ['left', profile.id],
  ])
})

test('a suppression takes the profile out of a can-receive-email segment', async () => {
  const cid = await company()
  const seg = await createSegment(cid, {
    name: 'Emailable',
    definition: def({ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }),
  })
  const { profile } = await upsertProfile(cid, { email: 'mail@x.test' }, { mode: 'import' })
  await runJobsUntilIdle()
  expect(await members(seg.id)).toEqual([profile.id])
  await suppress(cid, profile.id, 'email', 'bounced')
  expect(await members(seg.id)).toEqual([])
})

test('adding to and removing from a list re-evaluates the segments built on that list', async () => {
  const cid = await company()
  const list = await createList(cid, { name: 'VIP' })
  const seg = await createSegment(cid, {
    name: 'VIP in Berlin',
    definition: def(
      { kind: 'list_membership', listId: list.id, operator: 'in' },
      { kind: 'location', field: 'city', operator: 'equals', value: 'Berlin' },
    ),
  })
  await runJobsUntilIdle()
  const { profile } = await upsertProfile(
    cid,
    { email: 'vip@x.test', location: { city: 'Berlin' } },
    { mode: 'import' },
  )
  expect(await members(seg.id)).toEqual([])
  expect(await addProfilesToList(cid, list.id, [profile.id])).toEqual({ added: 1 })
  expect(await addProfilesToList(cid, list.id, [profile.id])).toEqual({ added: 0 })
  expect(await countMembers(cid, list.id)).toBe(1)
  expect(await members(seg.id)).toEqual([profile.id])
  expect(await removeProfilesFromList(cid, list.id, [profile.id])).toEqual({ removed: 1 })
  expect(await members(seg.id)).toEqual([])
  expect((await db.group.findUniqueOrThrow({ where: { id: list.id } })).memberCount).toBe(0)
  expect(await changes(list.id)).toEqual([
    ['entered', profile.id],
    ['left', profile.id],
  ])
})

test("a list add refuses another company's profiles and writes nothing", async () => {
  const cid = await company()
  const other = await company()
  const list = await createList(cid, { name: 'L' })
  const { profile: mine } = await upsertProfile(cid, { email: 'a@x.test' }, { mode: 'import' })
  const { profile: theirs } = await upsertProfile(other, { email: 'a@x.test' }, { mode: 'import' })
  await expect(addProfilesToList(cid, list.id, [mine.id, theirs.id])).rejects.toMatchObject({ status: 400 })
  expect(await countMembers(cid, list.id)).toBe(0)
  await expect(addProfilesToList(other, list.id, [theirs.id])).rejects.toMatchObject({ status: 404 })
})

test('a new definition is used by live re-evaluation at once (the cache follows the change)', async () => {
  const cid = await company()
  const seg = await createSegment(cid, {
    name: 'S',
    definition: def({ kind: 'location', field: 'city', operator: 'equals', value: 'Rome' }),
  })
  await runJobsUntilIdle()
  const { profile } = await upsertProfile(cid, { email: 'c@x.test', location: { city: 'Oslo' } }, { mode: 'import' })
  expect(await members(seg.id)).toEqual([])
  await updateGroup(cid, seg.id, {
    definition: def({ kind: 'location', field: 'city', operator: 'equals', value: 'Oslo' }),
  })
  await reevaluateProfiles(cid, [profile.id], { profileChanged: true })
  expect(await members(seg.id)).toEqual([profile.id])
  // A deleted segment is no longer maintained.
  await deleteGroups(cid, [seg.id])
  await upsertProfile(cid, { email: 'c@x.test', location: { city: 'Rome' } }, { mode: 'import' })
  expect(await members(seg.id)).toEqual([profile.id])
})

test('"in the last N days" segments are refreshed by the periodic job, which books its next run', async () => {
  const cid = await company()
  const metric = await getOrCreateMetric(cid, 'Active on Site')
  const sixDaysAgo = new Date(Date.now() - 6 * 86400_000).toISOString()
  const [ev] = await ingestEvents(cid, [
    { metric: { name: 'Active on Site' }, profile: { email: 'recent@x.test' }, time: sixDaysAgo },
  ])
  const seg = await createSegment(cid, {
    name: 'Active this week',
    definition: def({
      kind: 'metric',
      metricId: metric.id,
      comparison: 'at_least',
      count: 1,
      timeframe: { type: 'in_last_days', days: 7 },
    }),
  })
  await runJobsUntilIdle()
  expect(await members(seg.id)).toEqual([ev!.profileId])
  const pending = (await queuedJobs({ type: 'segments.refresh-time' })).filter((j) => j.status === 'queued')
  expect(pending).toHaveLength(1)
  expect(pending[0]!.runAt.getTime()).toBeGreaterThan(Date.now())
  try {
    setSegmentClock(() => Date.now() + 2 * 86400_000)
    setQueueClock(20 * 60_000)
    await runJobsUntilIdle()
    expect(await members(seg.id)).toEqual([])
    expect(await changes(seg.id)).toEqual([
      ['entered', ev!.profileId],
      ['left', ev!.profileId],
    ])
    const next = (await queuedJobs({ type: 'segments.refresh-time' })).filter((j) => j.status === 'queued')
    expect(next).toHaveLength(1)
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000)
  } finally {
    setSegmentClock(null)
    setQueueClock(null)
  }
})

test('live re-evaluation compiles a segment once and binds "now" per call, so the cached query follows the clock', async () => {
  const cid = await company()
  const metric = await getOrCreateMetric(cid, 'Viewed Page')
  const seg = await createSegment(cid, {
    name: 'Viewed this week',
    definition: def({
      kind: 'metric',
      metricId: metric.id,
      comparison: 'at_least',
      count: 1,
      timeframe: { type: 'in_last_days', days: 7 },
    }),
  })
  await runJobsUntilIdle()
  const active = async () => (await read(activeSegmentsOps(cid))).find((s) => s.id === seg.id)!
  const first = compiledMatchQuery(await active(), 'UTC')
  const [ev] = await ingestEvents(cid, [
    {
      metric: { name: 'Viewed Page' },
      profile: { email: 'clock@x.test' },
      time: new Date(Date.now() - 86400_000).toISOString(),
    },
  ])
  expect(await members(seg.id)).toEqual([ev!.profileId])
  try {
    // Eight days later the event is out of the window: the same compiled query, a later "now".
    setSegmentClock(() => Date.now() + 8 * 86400_000)
    await reevaluateProfiles(cid, [ev!.profileId], { metricIds: [metric.id] })
    expect(await members(seg.id)).toEqual([])
    expect(compiledMatchQuery(await active(), 'UTC')).toBe(first)
    expect(first.parameters.some((p) => typeof p === 'number' && Math.abs(p - Date.now() / 1000) < 30 * 86400)).toBe(
      false,
    )
  } finally {
    setSegmentClock(null)
  }
  await reevaluateProfiles(cid, [ev!.profileId], { metricIds: [metric.id] })
  expect(await members(seg.id)).toEqual([ev!.profileId])
  // Another time zone or a new definition compiles again.
  expect(compiledMatchQuery(await active(), 'Europe/Paris')).not.toBe(first)
  await updateGroup(cid, seg.id, {
    definition: def({
      kind: 'metric',
      metricId: metric.id,
      comparison: 'at_least',
      count: 1,
      timeframe: { type: 'in_last_days', days: 30 },
    }),
  })
  expect(compiledMatchQuery(await active(), 'UTC')).not.toBe(first)
})

describe('hints for created and merged profiles', () => {
  const allTime = { type: 'all_time' } as const
  async function world() {
    const cid = await company()
    const order = await getOrCreateMetric(cid, 'Placed Order')
    const vip = await createList(cid, { name: 'VIP' })
    const seg = async (name: string, ...c: unknown[]) => (await createSegment(cid, { name, definition: def(...c) })).id
    const s = {
      never: await seg('Never bought', {
        kind: 'metric',
        metricId: order.id,
        comparison: 'zero_times',
        count: 0,
        timeframe: allTime,
      }),
      notVip: await seg('Not VIP', { kind: 'list_membership', listId: vip.id, operator: 'not_in' }),
      noSms: await seg('Cannot receive SMS', { kind: 'consent', channel: 'sms_marketing', operator: 'cannot_receive' }),
      lowSpend: await seg('Spent at most 10', {
        kind: 'metric',
        metricId: order.id,
        comparison: 'at_most',
        count: 10,
        aggregate: 'sum_value',
        timeframe: allTime,
      }),
      vipOrNever: await seg('VIP or never bought', {
        type: 'or',
        conditions: [
          { kind: 'list_membership', listId: vip.id, operator: 'in' },
          { kind: 'metric', metricId: order.id, comparison: 'exactly', count: 0, timeframe: allTime },
        ],
      }),
      twice: await seg('Bought 2+', {
        kind: 'metric',
        metricId: order.id,
        comparison: 'at_least',
        count: 2,
        timeframe: allTime,
      }),
      inVip: await seg('VIP', { kind: 'list_membership', listId: vip.id, operator: 'in' }),
      vipBuyer: await seg('VIP or buyer', {
        type: 'or',
        conditions: [
          { kind: 'list_membership', listId: vip.id, operator: 'in' },
          { kind: 'metric', metricId: order.id, comparison: 'at_least', count: 1, timeframe: allTime },
        ],
      }),
    }
    await runJobsUntilIdle()
    return { cid, order, vip, s }
  }
  // A profile row written without any re-evaluation, as the core's create path writes it.
  const newProfile = async (cid: number, email: string) => {
    const id = ulid()
    await db.profile.create({ data: { id, companyId: cid, email } })
    return id
  }

  test('{ created: true }: a new profile joins every segment a profile without events or memberships can match', async () => {
    const { cid, s } = await world()
    const id = await newProfile(cid, 'new@x.test')
    await reevaluateProfiles(cid, [id], { created: true })
    for (const g of [s.never, s.notVip, s.noSms, s.lowSpend, s.vipOrNever]) expect(await members(g)).toEqual([id])
    for (const g of [s.twice, s.inVip, s.vipBuyer]) expect(await members(g)).toEqual([])
    // The same set as a full recompute.
    for (const g of Object.values(s)) {
      const again = await recomputeSegment(cid, g)
      expect([again.entered, again.left]).toEqual([0, 0])
    }
  })

  test('created ids given as a list are evaluated for those profiles only; the other hints still apply to all', async () => {
    const { cid, s } = await world()
    const fresh = await newProfile(cid, 'fresh@x.test')
    const old = await newProfile(cid, 'old@x.test')
    await reevaluateProfiles(cid, [old], { profileChanged: true, created: [fresh] })
    expect(await members(s.never)).toEqual([fresh])
    expect(await members(s.noSms)).toEqual([fresh, old].sort())
  })

  test('after a merge, { all: true } re-checks the moved events and list memberships', async () => {
    const { cid, vip, s } = await world()
    const [k] = await ingestEvents(cid, [
      { metric: { name: 'Placed Order' }, profile: { email: 'k@x.test' }, value: 5 },
    ])
    const [anon] = await ingestEvents(cid, [
      { metric: { name: 'Placed Order' }, profile: { anonymousId: 'anon-9' }, value: 20 },
    ])
    await addProfilesToList(cid, vip.id, [anon!.profileId])
    const into = k!.profileId
    // What the create path hands over for new profiles.
    await reevaluateProfiles(cid, [into, anon!.profileId], { created: true })
    expect(await members(s.notVip)).toContain(into)
    expect(await members(s.lowSpend)).toContain(into)
    await mergeProfiles(cid, anon!.profileId, into)
    await reevaluateProfiles(cid, [into], { all: true })
    expect(await members(s.twice)).toEqual([into])
    expect(await members(s.inVip)).toEqual([into])
    expect(await members(s.notVip)).not.toContain(into)
    expect(await members(s.lowSpend)).not.toContain(into)
    for (const g of Object.values(s)) {
      const again = await recomputeSegment(cid, g)
      expect([again.entered, again.left]).toEqual([0, 0])
    }
  })

  test('no hint re-evaluates every active segment', async () => {
    const { cid, order, s } = await world()
    const id = await newProfile(cid, 'plain@x.test')
    const ts = Math.floor(Date.now() / 1000)
    await db.event.createMany({
      data: [ts, ts - 5].map((t) => ({ companyId: cid, profileId: id, metricId: order.id, ts: t, value: 1 })),
    })
    await reevaluateProfiles(cid, [id])
    for (const g of [s.twice, s.vipBuyer, s.notVip, s.noSms, s.lowSpend]) expect(await members(g)).toEqual([id])
    for (const g of [s.never, s.inVip, s.vipOrNever]) expect(await members(g)).toEqual([])
  })
})

describe('background recompute', () => {
  let cid: number
  let ids: string[]
  beforeAll(async () => {
    cid = await company()
    ids = Array.from({ length: 100 }, (_, i) => ulid(Date.now() + i))
    await db.profile.createMany({
      data: ids.map((id, i) => ({ id, companyId: cid, email: `p${i}@x.test`, properties: JSON.stringify({ n: i }) })),
    })
  })

  test('a definition change marks the segment processing; the job reports progress and converges', async () => {
    const seg = await createSegment(cid, {
      name: 'Even',
      definition: def({
        kind: 'profile_property',
        field: 'properties.n',
        valueType: 'number',
        operator: 'less_than',
        value: 50,
      }),
    })
    expect(seg).toMatchObject({ isProcessing: true, processingPercent: 0 })
    await runJobsUntilIdle()
    expect(await members(seg.id)).toEqual(ids.slice(0, 50).sort())

    await updateGroup(cid, seg.id, {
      definition: def({
        kind: 'profile_property',
        field: 'properties.n',
        valueType: 'number',
        operator: 'greater_than',
        value: 89,
      }),
    })
    expect(await db.group.findUniqueOrThrow({ where: { id: seg.id } })).toMatchObject({
      isProcessing: true,
      processingPercent: 0,
    })
    const seen: number[] = []
    const r = await recomputeSegment(
      cid,
      seg.id,
      (p) => {
        seen.push(p)
      },
      { chunkSize: 30 },
    )
    expect(seen).toEqual([25, 50, 75, 99, 100])
    expect(r).toEqual({ entered: 10, left: 50, memberCount: 10 })
    expect(await db.group.findUniqueOrThrow({ where: { id: seg.id } })).toMatchObject({
      isProcessing: false,
      processingPercent: 100,
      memberCount: 10,
    })
    expect(await members(seg.id)).toEqual(ids.slice(90).sort())
    const log = await db.groupMembershipChange.groupBy({ by: ['kind'], where: { groupId: seg.id }, _count: true })
    expect(Object.fromEntries(log.map((l) => [l.kind, l._count]))).toEqual({ entered: 60, left: 50 })

    // Idempotent: a re-run (or a duplicate job) changes nothing.
    expect(await recomputeSegment(cid, seg.id, undefined, { chunkSize: 7 })).toEqual({
      entered: 0,
      left: 0,
      memberCount: 10,
    })
    await enqueue('segments.recompute', { groupId: seg.id }, { companyId: cid })
    await enqueue('segments.recompute', { groupId: seg.id }, { companyId: cid })
    await runJobsUntilIdle()
    expect(await members(seg.id)).toEqual(ids.slice(90).sort())
    expect(await db.groupMembershipChange.count({ where: { groupId: seg.id } })).toBe(110)
  })

  test('a recompute whose definition changed mid-way stops and leaves the segment processing for the newer job', async () => {
    const seg = await createSegment(cid, {
      name: 'A',
      definition: def({
        kind: 'profile_property',
        field: 'properties.n',
        valueType: 'number',
        operator: 'less_than',
        value: 10,
      }),
    })
    let changed = false
    const r = await recomputeSegment(
      cid,
      seg.id,
      async () => {
        if (changed) return
        changed = true
        await db.group.update({
          where: { id: seg.id },
          data: {
            definition: JSON.stringify(
              def({
                kind: 'profile_property',
                field: 'properties.n',
                valueType: 'number',
                operator: 'less_than',
                value: 3,
              }),
            ),
          },
        })
      },
      { chunkSize: 20 },
    )
    expect(r.aborted).toBe(true)
    expect((await db.group.findUniqueOrThrow({ where: { id: seg.id } })).isProcessing).toBe(true)
    await runJobsUntilIdle()
    expect(await members(seg.id)).toEqual(ids.slice(0, 3).sort())
    expect(await db.group.findUniqueOrThrow({ where: { id: seg.id } })).toMatchObject({
      isProcessing: false,
      memberCount: 3,
    })
  })

  test('the job skips a deleted segment', async () => {
    const seg = await createSegment(cid, {
      name: 'Gone',
      definition: def({ kind: 'profile_property', field: 'email', valueType: 'text', operator: 'is_set' }),
    })
    await deleteGroups(cid, [seg.id])
    await runJobsUntilIdle()
    expect(await members(seg.id)).toEqual([])
    expect((await queuedJobs({ type: 'segments.recompute' })).filter((j) => j.status !== 'done')).toEqual([])
  })
})
