/** @jest-environment node */
// "Event" partitioned by month on PostgreSQL (issue 22 §2; skipped on SQLite, which keeps one
// table): the daily job creates the months ahead across a month boundary (injected clock) and is
// idempotent; an event of a month without a partition lands in DEFAULT and the job moves it into
// its own partition, with its id, its dedupe key, its message index row and the rollup untouched;
// the dedupe key ("EventKey") holds across partitions (a re-sent event with a later time is the
// duplicate), for the one-by-one and the set-based insert, under concurrency, through an UPDATE
// that moves a row to another month, and goes with its event (delete, profile and metric cascades).
import { testEngine, useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { insertEventOps } from '@/lib/events/insert-event'
import { insertEventsOps } from '@/lib/events/ingest-sets-pg'
import { maintainEventPartitions, nextEventPartitionsRun } from '@/lib/events/event-partitions'
import { makeCompany } from '../helpers/factory'

jest.setTimeout(60_000)
const it = testEngine() === 'postgres' ? test : test.skip

let companyId: number
let metricId: string
const profile = (n: number) => `pp-${companyId}-${n}`
const at = (iso: string) => Date.parse(iso) / 1000

const q = <T = Record<string, unknown>>(text: string, ...values: unknown[]) => db.$queryRawUnsafe<T[]>(text, ...values)
const partitions = async () =>
  (
    await q<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = '"Event"'::regclass order by 1`,
    )
  ).map((r) => r.name)
const whereIs = async (id: number) =>
  (await q<{ t: string }>('select tableoid::regclass::text as t from "Event" where id = $1', id))[0]?.t
const keys = async () =>
  (
    await q<{ u: string; e: number }>(
      'select "uniqueId" as u, "eventId" as e from "EventKey" where "companyId" = $1 order by 1',
      companyId,
    )
  ).map((r) => [r.u, r.e])
const one = (row: Partial<Parameters<typeof insertEventOps>[0]> & { ts: number }) =>
  inWriteTx(() => insertEventOps({ companyId, profileId: profile(1), metricId, ...row }))

beforeAll(async () => {
  companyId = (await makeCompany()).id
  for (const n of [1, 2, 3]) await db.profile.create({ data: { id: profile(n), companyId, email: `p${n}@x.test` } })
  metricId = (await db.metric.create({ data: { id: `pm-${companyId}`, companyId, name: 'Placed Order' } })).id
})

it('the migration made "Event" a partitioned table with a DEFAULT partition and the months ahead', async () => {
  const [kind] = await q<{ k: string }>(`select relkind::text as k from pg_class where oid = '"Event"'::regclass`)
  expect(kind!.k).toBe('p')
  const names = await partitions()
  expect(names).toContain('Event_default')
  const now = new Date()
  for (let i = 0; i <= 3; i++) {
    const m = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1))
    expect(names).toContain(`Event_y${m.getUTCFullYear()}m${String(m.getUTCMonth() + 1).padStart(2, '0')}`)
  }
})

it('the job creates the next months ahead across a month boundary, and a rerun creates nothing', async () => {
  expect(await maintainEventPartitions(new Date('2031-01-31T23:59:59Z'))).toEqual([
    'Event_y2031m01',
    'Event_y2031m02',
    'Event_y2031m03',
    'Event_y2031m04',
  ])
  expect(await maintainEventPartitions(new Date('2031-01-31T23:59:59Z'))).toEqual([])
  // One second later it is February: one new month at the far end.
  expect(await maintainEventPartitions(new Date('2031-02-01T00:00:00Z'))).toEqual(['Event_y2031m05'])
  expect(nextEventPartitionsRun(new Date('2031-01-31T23:59:59Z'))).toEqual(new Date('2031-02-01T00:00:00Z'))
  // The bounds are the UTC month: the last second of January is January's, the next February's.
  const jan = await one({ ts: at('2031-01-31T23:59:59Z') })
  const feb = await one({ ts: at('2031-02-01T00:00:00Z') })
  expect(await whereIs(jan!)).toBe('"Event_y2031m01"')
  expect(await whereIs(feb!)).toBe('"Event_y2031m02"')
})

it('an event of a month without a partition lands in DEFAULT and the job moves it into its own', async () => {
  const ts = at('2035-06-15T10:20:00Z')
  const message = JSON.stringify({ $message: 'CMSG9', $source_type: 'campaign_message' })
  const id = (await one({ ts, uniqueId: 'far-1', value: 5, properties: message }))!
  expect(await whereIs(id)).toBe('"Event_default"')
  const rollup = () =>
    q<{ n: number; v: number }>(
      'select "count"::int as n, "value"::float8 as v from "MetricHourlyRollup" where "metricId" = $1 and "hour" = $2',
      metricId,
      ts - (ts % 3600),
    )
  expect(await rollup()).toEqual([{ n: 1, v: 5 }])
  const made = await maintainEventPartitions(new Date('2031-02-01T00:00:00Z'))
  expect(made).toEqual(['Event_y2035m06'])
  expect(await whereIs(id)).toBe('"Event_y2035m06"')
  // The same event: not counted twice, its key and its message index row kept.
  expect(await rollup()).toEqual([{ n: 1, v: 5 }])
  expect(await keys()).toContainEqual(['far-1', id])
  expect(await db.messageEventIndex.count({ where: { eventId: id } })).toBe(1)
  expect(await q('select 1 from "Event_default" where id = $1', id)).toEqual([])
  // The new partition is a full member: indexes, triggers and the dedupe apply to it.
  expect(await one({ ts: ts + 60, uniqueId: 'far-1' })).toBeNull()
  const [idx] = await q<{ n: number }>(`select count(*)::int as n from pg_indexes where tablename = 'Event_y2035m06'`)
  expect(idx!.n).toBe(5)
})

it('the dedupe key holds across partitions, within a batch and under concurrency', async () => {
  const first = await one({ ts: at('2031-01-10T00:00:00Z'), uniqueId: 'order-1' })
  expect(first).not.toBeNull()
  // Re-sent a month later (another partition): the duplicate.
  expect(await one({ ts: at('2031-03-10T00:00:00Z'), uniqueId: 'order-1' })).toBeNull()
  // Another profile or metric has its own key.
  expect(await one({ ts: at('2031-03-10T00:00:00Z'), uniqueId: 'order-1', profileId: profile(2) })).not.toBeNull()
  // The set-based insert: the stored key wins, and the first of a repeated key in the batch.
  const ids = await inWriteTx(() =>
    insertEventsOps([
      { companyId, profileId: profile(1), metricId, ts: at('2031-02-10T00:00:00Z'), uniqueId: 'order-1' },
      { companyId, profileId: profile(1), metricId, ts: at('2031-02-10T00:00:00Z'), uniqueId: 'order-2' },
      { companyId, profileId: profile(1), metricId, ts: at('2031-04-10T00:00:00Z'), uniqueId: 'order-2' },
      { companyId, profileId: profile(1), metricId, ts: at('2031-04-10T00:00:00Z') },
    ]),
  )
  expect(ids.map((x) => x !== null)).toEqual([false, true, false, true])
  // Five transactions at once with one key: one event.
  const racing = await Promise.all(
    [1, 2, 3, 4, 5].map((i) => one({ ts: at(`2031-0${(i % 4) + 1}-20T00:00:00Z`), uniqueId: 'race' })),
  )
  expect(racing.filter((x) => x !== null)).toHaveLength(1)
  const [n] = await q<{ n: number }>(
    `select count(*)::int as n from "Event" where "companyId" = $1 and "uniqueId" = 'race'`,
    companyId,
  )
  expect(n!.n).toBe(1)
})

it('the set-based insert claims its keys itself: racing the one-by-one insert, and the trigger back on after it', async () => {
  const row = (uniqueId: string, ts = at('2031-05-10T00:00:00Z')) => ({
    companyId,
    profileId: profile(3),
    metricId,
    ts,
    uniqueId,
  })
  // Set-based batches and one-by-one inserts of the same keys at once: each key stored once.
  const racing = await Promise.all([
    inWriteTx(() => insertEventsOps([row('sb-1'), row('sb-2')])),
    inWriteTx(() => insertEventsOps([row('sb-2'), row('sb-1')])),
    one({ ts: at('2031-06-10T00:00:00Z'), profileId: profile(3), uniqueId: 'sb-1' }),
    one({ ts: at('2031-06-10T00:00:00Z'), profileId: profile(3), uniqueId: 'sb-2' }),
  ])
  const stored = racing.flatMap((r) => (Array.isArray(r) ? r : [r])).filter((x) => x !== null)
  expect(stored).toHaveLength(2)
  const [n] = await q<{ n: number }>(
    `select count(*)::int as n from "Event" where "companyId" = $1 and "uniqueId" in ('sb-1', 'sb-2')`,
    companyId,
  )
  expect(n!.n).toBe(2)
  expect((await keys()).filter(([u]) => String(u).startsWith('sb-'))).toHaveLength(2)
  // In the batch's own transaction, after its insert: the setting is off again, and a later
  // one-by-one insert of a stored key is still the duplicate (the per-row claim runs).
  const after = await inWriteTx(function* () {
    yield* insertEventsOps([row('sb-3')])
    const again = yield* insertEventOps(row('sb-3', at('2031-07-10T00:00:00Z')))
    const stale = yield* insertEventOps(row('sb-1', at('2031-07-10T00:00:00Z')))
    return [again, stale]
  })
  expect(after).toEqual([null, null])
  const [setting] = await q<{ v: string | null }>(`select current_setting('app.event_keys_claimed', true) as v`)
  expect(setting!.v ?? 'off').not.toBe('on')
})

it('an UPDATE moving an event to another month keeps its key; a key changed by UPDATE moves', async () => {
  const id = (await one({ ts: at('2031-01-12T00:00:00Z'), uniqueId: 'moving' }))!
  await db.$executeRawUnsafe('update "Event" set ts = $1 where id = $2', at('2031-03-12T00:00:00Z'), id)
  expect(await whereIs(id)).toBe('"Event_y2031m03"')
  expect(await keys()).toContainEqual(['moving', id])
  expect(await one({ ts: at('2031-04-12T00:00:00Z'), uniqueId: 'moving' })).toBeNull()
  // The merge of profiles moves events to the kept profile: their keys follow.
  await db.$executeRawUnsafe('update "Event" set "profileId" = $1 where id = $2', profile(3), id)
  expect(await one({ ts: at('2031-04-12T00:00:00Z'), uniqueId: 'moving', profileId: profile(3) })).toBeNull()
  expect(await one({ ts: at('2031-04-12T00:00:00Z'), uniqueId: 'moving' })).not.toBeNull()
  // A key taken by another event is a clash, as on the old unique index.
  await expect(
    db.$executeRawUnsafe('update "Event" set "profileId" = $1 where id = $2', profile(1), id),
  ).rejects.toThrow(/EventKey_pkey/)
})

it('deleting an event, its profile or its metric deletes its key', async () => {
  const id = (await one({ ts: at('2031-01-15T00:00:00Z'), uniqueId: 'gone' }))!
  await db.event.deleteMany({ where: { id } })
  expect((await keys()).map((k) => k[0])).not.toContain('gone')
  expect(await one({ ts: at('2031-02-15T00:00:00Z'), uniqueId: 'gone' })).not.toBeNull()
  await db.profile.delete({ where: { id: profile(2) } })
  const [left] = await q<{ n: number }>(`select count(*)::int as n from "EventKey" where "profileId" = $1`, profile(2))
  expect(left!.n).toBe(0)
  await db.metric.delete({ where: { id: metricId } })
  expect(await keys()).toEqual([])
  const [events] = await q<{ n: number }>('select count(*)::int as n from "Event" where "companyId" = $1', companyId)
  expect(events!.n).toBe(0)
})

test('on SQLite the job has nothing to do', async () => {
  if (testEngine() === 'postgres') return
  expect(await maintainEventPartitions(new Date('2031-01-31T23:59:59Z'))).toEqual([])
})
