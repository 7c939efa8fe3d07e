/** @jest-environment node */
// The set-based ingest (issue 22 §1: on PostgreSQL an all-or-nothing batch resolves, creates
// and inserts in a few multi-row statements) writes what the per-event path writes (the
// per-group savepoint path, which still goes event by event): the same fixtures, one company
// each, give the same profiles (identifiers, attributes, lastEventAt, merges), the same events
// (deduplicated by unique_id within and across batches) and the same duplicate flags. Runs on
// both engines (each has its set-based statements: ingest-sets-pg.ts, ingest-sets-sqlite.ts).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { kysely } from '@/lib/db/kysely'
import { inWriteTx } from '@/lib/db/ops'
import { ingestBatchOps, validateEvents, writeBatch } from '@/lib/events/ingest-events'
import type { EventInput, GroupOutcome, IngestGroup } from '@/lib/events/types'
import { makeCompany } from '../helpers/factory'

const t = (s: number) => new Date(Date.UTC(2026, 2, 1) + s * 1000).toISOString()
const BATCHES: EventInput[][] = [
  [
    { metric: { name: 'Viewed Product' }, profile: { email: 'ada@example.test' }, time: t(1), uniqueId: 'v1' },
    {
      metric: { name: 'Viewed Product' },
      profile: { email: 'ada@example.test', firstName: 'Ada' },
      time: t(2),
      uniqueId: 'v2',
    },
    { metric: { name: 'Viewed Product' }, profile: { email: 'ada@example.test' }, time: t(3), uniqueId: 'v1' }, // duplicate in the batch
    { metric: { name: 'Active on Site' }, profile: { anonymousId: 'anon-1' }, time: t(4) },
    { metric: { name: 'Active on Site' }, profile: { anonymousId: 'anon-1' }, time: t(5) }, // no unique_id: both stored
    { metric: { name: 'Added to Cart' }, profile: { email: 'bo@example.test' }, time: t(6), value: 12.5 },
    { metric: { name: 'Active on Site' }, profile: { anonymousId: 'anon-2' }, time: t(7), uniqueId: 'a2' },
    // Identifies anon-2 as bo: the anonymous profile (and its event of this batch) merges into bo.
    { metric: { name: 'Started Checkout' }, profile: { email: 'bo@example.test', anonymousId: 'anon-2' }, time: t(8) },
    { metric: { name: 'Placed Order' }, profile: { externalId: 'ext-9' }, time: t(9), value: 40, uniqueId: 'o9' },
    { metric: { name: 'Placed Order' }, profile: { phoneNumber: '+4915112345678' }, time: t(10), value: 5 },
    { metric: { name: 'Viewed Product' }, profile: { email: 'cy@example.test', firstName: 'Cy' }, time: t(11) },
    { metric: { name: 'Viewed Product' }, profile: { email: 'cy@example.test' }, time: t(12) },
  ],
  [
    { metric: { name: 'Viewed Product' }, profile: { email: 'ada@example.test' }, time: t(20), uniqueId: 'v1' }, // stored earlier
    { metric: { name: 'Brand New Metric' }, profile: { email: 'ada@example.test' }, time: t(21), uniqueId: 'v1' }, // another metric: new
    {
      metric: { name: 'Placed Order' },
      profile: { externalId: 'ext-9', lastName: 'Nine' },
      time: t(22),
      value: 7,
      uniqueId: 'o10',
    },
    { metric: { name: 'Active on Site' }, profile: { anonymousId: 'anon-1' }, time: t(3) }, // older: lastEventAt stays
    { metric: { name: 'Viewed Product' }, profile: { email: 'dee@example.test' }, time: t(24) },
    // Nothing changes but the attribute times (written for the batch at once on PostgreSQL)…
    { metric: { name: 'Viewed Product' }, profile: { email: 'cy@example.test', firstName: 'Cy' }, time: t(25) },
    { metric: { name: 'Viewed Product' }, profile: { email: 'ada@example.test', firstName: 'Ada' }, time: t(26) },
    // …then a value changes: that write carries the times too.
    { metric: { name: 'Viewed Product' }, profile: { email: 'cy@example.test', lastName: 'Young' }, time: t(27) },
  ],
  [
    { metric: { name: 'Viewed Product' }, profile: { email: 'ada@example.test', firstName: 'Ada' }, time: t(30) },
    // A merge after deferred times: anon-1 identifies as ada.
    { metric: { name: 'Viewed Product' }, profile: { email: 'ada@example.test', anonymousId: 'anon-1' }, time: t(31) },
    { metric: { name: 'Viewed Product' }, profile: { email: 'cy@example.test', firstName: 'Cy' }, time: t(32) },
  ],
]

// Both paths get the same accepted-at stamp per batch, so the attribute times must match exactly.
const queued = BATCHES.map((events, i) => validateEvents(events, 1_800_000_000_000 + i * 1000))
const group = (companyId: number, i: number): IngestGroup[] => [{ companyId, mode: 'import', events: queued[i]! }]

const ids = (p: {
  email: string | null
  externalId: string | null
  phoneNumber: string | null
  anonymousId: string | null
}) => [p.email, p.externalId, p.phoneNumber, p.anonymousId].join('|')

async function snapshot(companyId: number, outcomes: GroupOutcome[][]) {
  const profiles = await kysely()
    .selectFrom('Profile')
    .select([
      'id',
      'email',
      'phoneNumber',
      'externalId',
      'anonymousId',
      'firstName',
      'lastName',
      'lastEventAt',
      'properties',
      'attributeTimes',
    ])
    .where('companyId', '=', companyId)
    .execute()
  const name = new Map(profiles.map((p) => [p.id, p.email ?? p.externalId ?? p.phoneNumber ?? p.anonymousId]))
  const metrics = new Map(
    (await kysely().selectFrom('Metric').select(['id', 'name']).where('companyId', '=', companyId).execute()).map(
      (m) => [m.id, m.name],
    ),
  )
  const events = await kysely()
    .selectFrom('Event')
    .select(['profileId', 'metricId', 'ts', 'value', 'uniqueId', 'properties'])
    .where('companyId', '=', companyId)
    .execute()
  return {
    profiles: profiles
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      .map(({ id: _id, attributeTimes, lastEventAt, ...p }) => ({
        ...p,
        lastEventAt: lastEventAt ? new Date(lastEventAt as unknown as string).toISOString() : null,
        attributeTimes: JSON.parse((attributeTimes as string | null) ?? '{}'),
      }))
      .sort((a, b) => ids(a).localeCompare(ids(b))),
    events: events
      .map((e) => ({
        profile: name.get(e.profileId),
        metric: metrics.get(e.metricId),
        ts: e.ts,
        value: e.value,
        uniqueId: e.uniqueId,
      }))
      // The merge's own event is stamped with the time of the merge and the merged profile's id.
      .map((e) => (e.metric === 'Merged Profile' ? { ...e, ts: 0, uniqueId: 'merge:' } : e))
      .sort((a, b) => a.ts - b.ts || String(a.metric).localeCompare(String(b.metric))),
    duplicates: outcomes.map((os) =>
      os.flatMap((o): (boolean | string)[] => ('ok' in o ? o.ok.map((r) => r.duplicate) : ['failed'])),
    ),
  }
}

test('the set-based batch writes what the per-event path writes', async () => {
  const setBased = (await makeCompany()).id
  const perEvent = (await makeCompany()).id
  const a: GroupOutcome[][] = []
  const b: GroupOutcome[][] = []
  for (let i = 0; i < BATCHES.length; i++) {
    a.push(await writeBatch(group(setBased, i), 'atomic'))
    b.push(await inWriteTx(() => ingestBatchOps(group(perEvent, i), false, new Map())))
  }
  const got = await snapshot(setBased, a)
  expect(got).toEqual(await snapshot(perEvent, b))
  // And what that is: the in-batch and cross-batch repeats of v1 dropped, anon-2 merged into bo.
  expect(got.duplicates).toEqual([
    [false, false, true, false, false, false, false, false, false, false, false, false],
    [true, false, false, false, false, false, false, false],
    [false, false, false],
  ])
  expect(got.events).toHaveLength(23) // 21 ingested and the two merges' own
  expect(got.profiles.map((p) => p.anonymousId ?? p.email ?? p.externalId ?? p.phoneNumber).sort()).toEqual(
    ['+4915112345678', 'anon-1', 'anon-2', 'cy@example.test', 'dee@example.test', 'ext-9'].sort(),
  )
  expect(got.profiles.find((p) => p.email === 'cy@example.test')).toMatchObject({ firstName: 'Cy', lastName: 'Young' })
  const bo = got.profiles.find((p) => p.email === 'bo@example.test')!
  expect(bo.anonymousId).toBe('anon-2')
  expect(got.events.filter((e) => e.profile === 'bo@example.test').map((e) => e.metric)).toEqual([
    'Merged Profile',
    'Added to Cart',
    'Active on Site',
    'Started Checkout',
  ])
  expect(got.profiles.find((p) => p.anonymousId === 'anon-1')).toMatchObject({
    email: 'ada@example.test',
    lastEventAt: t(31),
  })
})

test('a batch larger than one INSERT statement pairs every event with its own id or its duplicate flag', async () => {
  // 130 events: several multi-row statements (ingest-sets-sqlite.ts writes 50 a statement),
  // repeats across the statement boundaries, events without a unique_id, and one repeat of an
  // event stored by an earlier batch.
  const stored = validateEvents([
    { metric: { name: 'Viewed Product' }, profile: { email: 'p3@example.test' }, time: t(1), uniqueId: 'u3' },
  ])
  const company = (await makeCompany()).id
  await writeBatch([{ companyId: company, mode: 'import', events: stored }], 'atomic')
  const inputs: EventInput[] = Array.from({ length: 130 }, (_, i) => {
    const n = i === 50 ? 49 : i === 120 ? 10 : i === 77 ? 3 : i
    return {
      metric: { name: i % 2 ? 'Viewed Product' : 'Added to Cart' },
      profile: { email: `p${n % 7}@example.test` },
      time: t(100 + i),
      ...(i % 5 === 4 && i !== 49 ? {} : { uniqueId: `u${n}` }),
      value: i,
    }
  })
  // Same metric as the event it repeats (the key is profile, metric and unique_id).
  inputs[50]!.metric = inputs[49]!.metric
  inputs[120]!.metric = inputs[10]!.metric
  inputs[77]!.metric = { name: 'Viewed Product' }
  const [outcome] = await writeBatch([{ companyId: company, mode: 'import', events: validateEvents(inputs) }], 'atomic')
  const results = (outcome as { ok: { eventId: number | null; duplicate: boolean }[] }).ok
  // 3 repeats the stored event; 50 the one before it (across a statement boundary); 77 repeats 3's
  // key; 120 repeats 10 (two statements earlier).
  expect(results.flatMap((r, i) => (r.duplicate ? [i] : []))).toEqual([3, 50, 77, 120])
  expect(results.every((r) => r.duplicate === (r.eventId === null))).toBe(true)
  // Each id returned is the row of that input: its value is the input's index.
  const rows = await kysely()
    .selectFrom('Event')
    .select(['id', 'value'])
    .where('companyId', '=', company)
    .where('ts', '>=', Math.floor(Date.parse(t(100)) / 1000))
    .execute()
  const valueOf = new Map(rows.map((r) => [Number(r.id), r.value]))
  expect(rows).toHaveLength(126)
  results.forEach((r, i) => {
    if (r.eventId !== null) expect(valueOf.get(r.eventId)).toBe(i)
  })
})
