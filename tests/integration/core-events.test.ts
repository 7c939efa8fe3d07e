/** @jest-environment node */
// Events: the accept fast path and the batched ingest job, unique_id dedupe per profile and
// metric, validation, lastEventAt, tenancy, and segment re-evaluation hints.
import { execFileSync } from 'node:child_process'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { dbEngine } from '@/lib/db/client'
import { sqlite } from '@/lib/db/sqlite'
import { AppError } from '@/lib/errors/app-error'
import { acceptEvent, INGEST_JOB } from '@/lib/events/accept-event'
import { ingestEvents } from '@/lib/events/ingest-events'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { enqueue, runJobsUntilIdle } from '@/lib/jobs/queue'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { makeCompany } from '../helpers/factory'
import { countQueuedJobs, queuedJobs } from '../helpers/queued-jobs'

let companyId: number
beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
beforeEach(async () => {
  await runJobsUntilIdle() // what an earlier test left queued
  companyId = (await makeCompany()).id
})

async function errorsOf(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (x) => x,
  )
  expect(e).toBeInstanceOf(AppError)
  expect(e.status).toBe(400)
  return e.fieldErrors as Record<string, string[]>
}

test('acceptEvent queues; the worker ingests: profile, metric, time to the second, value, lastEventAt', async () => {
  await acceptEvent(companyId, {
    metric: { name: 'Placed Order' },
    profile: { email: 'buyer@example.com', firstName: 'Bea' },
    properties: { items: ['Shoe'], total: 42.5 },
    time: '2026-03-01T12:34:56.789Z',
    value: 42.5,
    valueCurrency: 'EUR',
    uniqueId: 'order-1',
  })
  expect(await db.event.count({ where: { companyId } })).toBe(0)
  expect(await countQueuedJobs({ type: INGEST_JOB, companyId })).toBe(1)
  await runJobsUntilIdle()
  const [ev] = await db.event.findMany({ where: { companyId }, include: { metric: true, profile: true } })
  expect(ev).toMatchObject({
    ts: Math.floor(Date.parse('2026-03-01T12:34:56Z') / 1000),
    value: 42.5,
    currency: 'EUR',
    uniqueId: 'order-1',
  })
  expect(JSON.parse(ev!.properties)).toEqual({ items: ['Shoe'], total: 42.5 })
  expect(ev!.metric).toMatchObject({ name: 'Placed Order', integration: 'api' })
  expect(ev!.profile).toMatchObject({ email: 'buyer@example.com', firstName: 'Bea' })
  expect(ev!.profile.lastEventAt?.toISOString()).toBe('2026-03-01T12:34:56.000Z')
  // Processed jobs of this high-volume type are removed.
  expect(await countQueuedJobs({ type: INGEST_JOB, companyId })).toBe(0)
})

test('a repeated unique_id for the same profile and metric keeps the first event only', async () => {
  const r = await ingestEvents(companyId, [
    { metric: { name: 'Viewed' }, profile: { email: 'u@example.com' }, uniqueId: 'same', value: 1 },
    { metric: { name: 'Viewed' }, profile: { email: 'u@example.com' }, uniqueId: 'same', value: 2 },
    { metric: { name: 'Clicked' }, profile: { email: 'u@example.com' }, uniqueId: 'same', value: 3 },
    { metric: { name: 'Viewed' }, profile: { email: 'other@example.com' }, uniqueId: 'same', value: 4 },
    { metric: { name: 'Viewed' }, profile: { email: 'u@example.com' }, value: 5 },
    { metric: { name: 'Viewed' }, profile: { email: 'u@example.com' }, value: 6 },
  ])
  expect(r.map((x) => x.duplicate)).toEqual([false, true, false, false, false, false])
  const values = (await db.event.findMany({ where: { companyId }, orderBy: { id: 'asc' } })).map((e) => e.value)
  expect(values).toEqual([1, 3, 4, 5, 6])
  // Also across batches (a re-sent event).
  const again = await ingestEvents(companyId, [
    { metric: { name: 'Viewed' }, profile: { email: 'u@example.com' }, uniqueId: 'same', value: 9 },
  ])
  expect(again[0]!.duplicate).toBe(true)
})

test('validation: 400 with field paths, 401 properties and a 100 KB + 1 string refused, nothing queued', async () => {
  const props401 = Object.fromEntries(Array.from({ length: 401 }, (_, i) => [`k${i}`, i]))
  expect(
    Object.keys(
      await errorsOf(
        acceptEvent(companyId, { metric: { name: 'X' }, profile: { email: 'a@b.co' }, properties: props401 }),
      ),
    ),
  ).toEqual(['properties'])
  const big = 'x'.repeat(100 * 1024 + 1)
  expect(
    Object.keys(
      await errorsOf(
        acceptEvent(companyId, { metric: { name: 'X' }, profile: { email: 'a@b.co' }, properties: { note: big } }),
      ),
    ),
  ).toEqual(['properties.note'])
  const e = await errorsOf(
    acceptEvent(companyId, {
      metric: { name: '' },
      profile: { email: 'nope', phoneNumber: '12' },
      time: 'yesterday-ish',
      value: 'abc' as never,
    }),
  )
  expect(Object.keys(e).sort()).toEqual(['metric.name', 'profile.email', 'profile.phone_number', 'time', 'value'])
  expect(Object.keys(await errorsOf(acceptEvent(companyId, { metric: { name: 'X' }, profile: {} })))).toEqual([
    'profile',
  ])
  // Exactly 400 properties and 100 KB strings are accepted.
  const props400 = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, i]))
  await acceptEvent(companyId, {
    metric: { name: 'X' },
    profile: { email: 'a@b.co' },
    properties: { ...props400, k0: 'x'.repeat(100 * 1024) },
  })
  expect(await countQueuedJobs({ type: INGEST_JOB, companyId })).toBe(1)
  // ingestEvents (all-or-nothing) prefixes the index in a batch.
  const batch = await errorsOf(
    ingestEvents(companyId, [
      { metric: { name: 'ok' }, profile: { email: 'a@b.co' } },
      { metric: { name: 'ok' }, profile: {} },
    ]),
  )
  expect(Object.keys(batch)).toEqual(['1.profile'])
  expect(await db.event.count({ where: { companyId } })).toBe(0)
})

test('the worker takes queued events in batches and writes each once', async () => {
  for (let i = 0; i < 120; i++) {
    await acceptEvent(companyId, {
      metric: { name: 'Active on Site' },
      profile: { externalId: `c${i % 7}` },
      properties: { i },
    })
  }
  // One step claims them all (batch of up to 500) and writes them in one transaction.
  expect(await runJobsUntilIdle({ maxJobs: 1 })).toBe(120)
  expect(await db.event.count({ where: { companyId } })).toBe(120)
  expect(await db.profile.count({ where: { companyId } })).toBe(7)
  expect(await db.metric.count({ where: { companyId } })).toBe(1)
})

test('a poison event fails alone; the rest of its batch is written', async () => {
  const victim = await upsertProfile(companyId, { email: 'v@example.com' }, { mode: 'import' })
  await acceptEvent(companyId, { metric: { name: 'A' }, profile: { email: 'ok1@example.com' } })
  await acceptEvent(companyId, { metric: { name: 'A' }, profile: { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } }) // unknown id → 404
  await acceptEvent(companyId, { metric: { name: 'A' }, profile: { id: victim.profile.id } })
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId } })).toBe(2)
  const dead = await queuedJobs({ companyId, type: INGEST_JOB })
  expect(dead.map((j) => j.status)).toEqual(['dead'])
  expect(dead[0]!.lastError).toMatch(/Profile not found/)
})

test('re-running an ingest job whose lease was lost inserts nothing twice', async () => {
  await acceptEvent(companyId, { metric: { name: 'Once' }, profile: { email: 'once@example.com' } })
  const { queue } = await import('@/lib/jobs/run-jobs')
  const { handleIngestBatch } = await import('@/lib/events/jobs')
  const { setQueueClock, queueNow } = await import('@/lib/jobs/clock')
  const [stale] = await queue.claim({ workerId: 'A', limit: 1, visibilityTimeoutMs: 1000, now: queueNow() })
  setQueueClock(5000)
  const [fresh] = await queue.claim({ workerId: 'B', limit: 1, visibilityTimeoutMs: 60_000, now: queueNow() })
  expect(fresh!.id).toBe(stale!.id)
  await handleIngestBatch([fresh!])
  await handleIngestBatch([stale!]) // the worker that lost its lease wakes up late
  await handleIngestBatch([fresh!]) // and a duplicate delivery
  setQueueClock(null)
  expect(await db.event.count({ where: { companyId } })).toBe(1)
})

test('a job never processes another company by mistake: the payload company must match the job', async () => {
  const other = (await makeCompany()).id
  await enqueue(
    INGEST_JOB,
    {
      companyId: other,
      mode: 'import',
      event: {
        metric: { name: 'Sneaky' },
        profile: { email: 'x@example.com' },
        properties: {},
        ts: 1,
        value: null,
        valueCurrency: null,
        uniqueId: null,
      },
    },
    { companyId },
  )
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: { in: [companyId, other] } } })).toBe(0)
  const [j] = await queuedJobs({ companyId, type: INGEST_JOB })
  expect(j!.status).toBe('dead')
})

test('events of two companies with the same email go to two profiles and two metrics', async () => {
  const other = (await makeCompany()).id
  await acceptEvent(companyId, { metric: { name: 'Shared' }, profile: { email: 'same@example.com' } })
  await acceptEvent(other, { metric: { name: 'Shared' }, profile: { email: 'same@example.com' } })
  await runJobsUntilIdle()
  const a = await db.event.findFirstOrThrow({ where: { companyId }, include: { profile: true, metric: true } })
  const b = await db.event.findFirstOrThrow({ where: { companyId: other }, include: { profile: true, metric: true } })
  expect(a.profileId).not.toBe(b.profileId)
  expect(a.metricId).not.toBe(b.metricId)
  expect([a.profile.companyId, a.metric.companyId, b.profile.companyId, b.metric.companyId]).toEqual([
    companyId,
    companyId,
    other,
    other,
  ])
})

test('client events never change an existing identifier', async () => {
  await upsertProfile(companyId, { email: 'cl@example.com', externalId: 'cl-1' }, { mode: 'import' })
  await acceptEvent(
    companyId,
    { metric: { name: 'Viewed' }, profile: { externalId: 'cl-1', email: 'changed@example.com' } },
    { source: 'client' },
  )
  await runJobsUntilIdle()
  const p = await db.profile.findFirstOrThrow({ where: { companyId, externalId: 'cl-1' } })
  expect(p.email).toBe('cl@example.com')
})

test('getOrCreateMetric is stable and per company; a deleted metric is recreated on the next event', async () => {
  const m1 = await getOrCreateMetric(companyId, 'Opened Email', 'email')
  const m2 = await getOrCreateMetric(companyId, 'Opened Email')
  expect(m2.id).toBe(m1.id)
  expect(m1.id).toMatch(/^[A-Za-z0-9]{6}$/)
  await db.metric.delete({ where: { id: m1.id } })
  const [r] = await ingestEvents(companyId, [{ metric: { name: 'Opened Email' }, profile: { email: 'o@example.com' } }])
  expect(r!.metricId).not.toBe(m1.id)
  if (dbEngine() === 'sqlite') expect(sqlite().pragma('journal_mode', { simple: true })).toBe('wal')
})

test('acceptEvents: one job for many events, written together; invalid input queues nothing', async () => {
  const { acceptEvents } = await import('@/lib/events/accept-event')
  const bad = await errorsOf(
    acceptEvents(companyId, [
      { metric: { name: 'B' }, profile: { email: 'a@b.co' } },
      { metric: { name: 'B' }, profile: { email: 'x' } },
    ]),
  )
  expect(Object.keys(bad)).toEqual(['1.profile.email'])
  expect(await countQueuedJobs({ companyId })).toBe(0)
  await acceptEvents(
    companyId,
    Array.from({ length: 30 }, (_, i) => ({
      metric: { name: 'Bulk' },
      profile: { externalId: `b${i % 3}` },
      uniqueId: `u${i}`,
    })),
  )
  expect(await countQueuedJobs({ companyId, type: INGEST_JOB })).toBe(1)
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId } })).toBe(30)
  expect(await countQueuedJobs({ companyId })).toBe(0)
})

describe('one batch equals the events written one by one', () => {
  const viewed = (profile: Record<string, string>, uniqueId?: string) => ({
    metric: { name: 'Viewed Product' },
    profile,
    ...(uniqueId ? { uniqueId } : {}),
    time: '2026-02-01T10:00:00Z',
  })

  test('a profile merged away by a later event of the batch is not used again (ingestEvents and the queue)', async () => {
    const batch = [
      viewed({ anonymousId: 'anon-m' }, 'a'),
      viewed({ email: 'known@example.com', anonymousId: 'anon-m' }, 'b'),
      viewed({ anonymousId: 'anon-m' }, 'c'),
    ]
    const known = await upsertProfile(companyId, { email: 'known@example.com' }, { mode: 'import' })
    const r = await ingestEvents(companyId, batch)
    expect(r[2]!.profileId).toBe(known.profile.id)
    const kept = await db.event.findMany({ where: { companyId, uniqueId: { in: ['a', 'b', 'c'] } } })
    expect(kept.map((e) => e.profileId)).toEqual([known.profile.id, known.profile.id, known.profile.id])
    expect(await db.profile.count({ where: { companyId } })).toBe(1)
    const p = await db.profile.findUniqueOrThrow({ where: { id: known.profile.id } })
    expect(p.anonymousId).toBe('anon-m')
    expect(p.lastEventAt?.toISOString()).toBe('2026-02-01T10:00:00.000Z')

    // The same batch as one queued job (bulk create, imports): written, not retried to death.
    const other = (await makeCompany()).id
    const known2 = await upsertProfile(other, { email: 'known@example.com' }, { mode: 'import' })
    const { acceptEvents } = await import('@/lib/events/accept-event')
    await acceptEvents(other, batch)
    await runJobsUntilIdle()
    expect(await countQueuedJobs({ companyId: other })).toBe(0)
    const events = await db.event.findMany({ where: { companyId: other, uniqueId: { in: ['a', 'b', 'c'] } } })
    expect(events.map((e) => e.profileId)).toEqual([known2.profile.id, known2.profile.id, known2.profile.id])
  })

  test('last write wins: every event applies its profile attributes, in order', async () => {
    const named = (firstName: string) => ({
      metric: { name: 'Updated' },
      profile: { email: 'lww@example.com', firstName },
    })
    await ingestEvents(companyId, [named('Ann'), named('Bea'), named('Ann')])
    expect((await db.profile.findFirstOrThrow({ where: { companyId } })).firstName).toBe('Ann')

    // Three separate requests, coalesced by the worker into one batch.
    const other = (await makeCompany()).id
    for (const n of ['Ann', 'Bea', 'Ann']) await acceptEvent(other, named(n))
    expect(await runJobsUntilIdle({ maxJobs: 1 })).toBe(3)
    expect((await db.profile.findFirstOrThrow({ where: { companyId: other } })).firstName).toBe('Ann')
  })

  test('an identifier taken off a profile earlier in the batch finds nothing any more', async () => {
    const r = await ingestEvents(companyId, [
      viewed({ externalId: 'old-ext' }),
      viewed({ email: 'mover@example.com', externalId: 'old-ext' }),
      { metric: { name: 'Updated' }, profile: { email: 'mover@example.com', externalId: 'new-ext' } },
      viewed({ externalId: 'old-ext' }),
    ])
    expect(new Set(r.slice(0, 3).map((x) => x.profileId)).size).toBe(1)
    expect(r[3]!.profileId).not.toBe(r[0]!.profileId)
    const fresh = await db.profile.findUniqueOrThrow({ where: { id: r[3]!.profileId } })
    expect(fresh).toMatchObject({ externalId: 'old-ext', email: null })
  })
})

test('profile meta.patch_properties of an event is applied on ingest, in order', async () => {
  await upsertProfile(
    companyId,
    { email: 'pp@example.com', properties: { tags: ['a'], size: 'M' } },
    { mode: 'import' },
  )
  const withPatch = (patchProperties: Record<string, unknown>) => ({
    metric: { name: 'Tagged' },
    profile: { email: 'pp@example.com' },
    patchProperties,
  })
  await ingestEvents(companyId, [
    withPatch({ append: { tags: 'b' } }),
    withPatch({ append: { tags: 'c' }, unset: 'size' }),
    withPatch({ unappend: { tags: 'a' } }),
  ])
  const p = await db.profile.findFirstOrThrow({ where: { companyId } })
  expect(JSON.parse(p.properties)).toEqual({ tags: ['b', 'c'] })
  const e = await errorsOf(acceptEvent(companyId, withPatch({ append: 'x', unset: 3, extra: {} }) as never))
  expect(Object.keys(e).sort()).toEqual([
    'profile.meta.patch_properties.append',
    'profile.meta.patch_properties.extra',
    'profile.meta.patch_properties.unset',
  ])
})

test('time: from 1990 to a year ahead (400 on time otherwise); without an offset it is UTC in any server zone', async () => {
  const at = (time: string) =>
    acceptEvent(companyId, { metric: { name: 'T' }, profile: { email: 't@example.com' }, time })
  expect(Object.keys(await errorsOf(at('1989-12-31T23:59:59Z')))).toEqual(['time'])
  const nextYear = new Date(Date.now() + 400 * 86_400_000).toISOString()
  expect(Object.keys(await errorsOf(at(nextYear)))).toEqual(['time'])
  expect(Object.keys(await errorsOf(at('2026-02-30T10:00:00Z')))).toEqual(['time'])
  // Jest's process.env is a copy: the server's zone is set on a child process of its own.
  const script = `const { validateEvent } = require('./lib/events/validate-event.ts')
    const at = (time) => validateEvent({ metric: { name: 'T' }, profile: { email: 't@example.com' }, time }).ts
    console.log(JSON.stringify(['2026-01-01T10:00:00', '2026-01-01 10:00', '2026-07-01T10:00:00.5', '2026-01-01T12:00:00+02:00', '2026-01-01T05:00:00-0500'].map(at)))`
  for (const TZ of ['America/New_York', 'Asia/Kolkata']) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      env: { ...process.env, TZ },
      encoding: 'utf8',
    })
    expect(JSON.parse(out)).toEqual(
      [
        '2026-01-01T10:00:00Z',
        '2026-01-01T10:00:00Z',
        '2026-07-01T10:00:00Z',
        '2026-01-01T10:00:00Z',
        '2026-01-01T10:00:00Z',
      ].map((t) => Date.parse(t) / 1000),
    )
  }
  const [r] = await ingestEvents(companyId, [
    { metric: { name: 'T' }, profile: { email: 't@example.com' }, time: '1990-01-01T00:00:00Z' },
  ])
  expect((await db.event.findFirstOrThrow({ where: { id: r!.eventId! } })).ts).toBe(Date.UTC(1990, 0, 1) / 1000)
})

test('a blank identifier is left out: never stored as "", so two such events are two profiles', async () => {
  await ingestEvents(companyId, [
    { metric: { name: 'B' }, profile: { email: 'b1@example.com', externalId: '', anonymousId: '' } },
  ])
  await acceptEvent(companyId, {
    metric: { name: 'B' },
    profile: { email: 'b2@example.com', externalId: '', phoneNumber: '' },
  })
  await runJobsUntilIdle()
  expect(await countQueuedJobs({ companyId })).toBe(0)
  const rows = await db.profile.findMany({ where: { companyId }, orderBy: { email: 'asc' } })
  expect(rows.map((p) => [p.email, p.externalId, p.anonymousId, p.phoneNumber])).toEqual([
    ['b1@example.com', null, null, null],
    ['b2@example.com', null, null, null],
  ])
  expect(
    Object.keys(
      await errorsOf(acceptEvent(companyId, { metric: { name: 'B' }, profile: { externalId: '', email: '' } })),
    ),
  ).toEqual(['profile'])
})
