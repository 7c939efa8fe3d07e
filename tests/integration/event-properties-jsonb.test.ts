/** @jest-environment node */
// "Event"."properties" is jsonb on PostgreSQL (issue 22 §2) and text on SQLite, behind one client
// type: every writer (the set-based ingest, the per-event path, the message-event insert, Prisma)
// stores properties that read back as the same JSON value through Prisma, Kysely and the
// /api/events endpoints, and the segment and metric property filters answer as on the text.
import { useTestDatabase, testEngine } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { inWriteTx } from '@/lib/db/ops'
import { ingestBatchOps, ingestEvents, validateEvents } from '@/lib/events/ingest-events'
import { insertEventTouchingOps } from '@/lib/events/insert-event'
import { runMetricQuery } from '@/lib/metrics/run-metric-query'
import { bucketRange } from '@/lib/metrics/timeframe'
import { previewSegmentCount } from '@/lib/segments/preview-count'
import { shortId, ulid } from '@/lib/ids/make-id'
import type { EventInput } from '@/lib/events/types'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'

const pg = testEngine() === 'postgres'
const T = Date.parse('2026-03-02T10:00:00Z')
// Key order, spacing, nesting, unicode, numbers jsonb writes in its own form, and a NUL character
// (JSON.stringify's "\u0000", which jsonb refuses: PostgreSQL stores the string without it).
const PROPS = {
  zeta: 1,
  alpha: { nested: [1, 2.5, 'three', null, true], 'key with space': 'ü 😀' },
  Category: 'Shoes',
  Price: 120,
  big: 1e21,
  quote: 'say "hi"\\',
  nul: 'a\u0000b',
}
const readBack = { ...PROPS, nul: pg ? 'ab' : 'a\u0000b' }

let companyId: number
let key: string
beforeAll(async () => {
  companyId = (await makeCompany()).id
  key = await makeApiKey(companyId)
})
beforeEach(() => resetRateLimits())

const input = (email: string, metric: string, properties: Record<string, unknown>, t = T): EventInput => ({
  metric: { name: metric },
  profile: { email },
  properties,
  time: new Date(t),
})

async function readAllWays(id: number) {
  const prisma = await db.event.findFirst({ where: { companyId, id } })
  const ky = await kysely()
    .selectFrom('Event')
    .select('properties')
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const one = await api('GET', `/api/events/${id}`, { key })
  expect(one.status).toBe(200)
  return { prisma: prisma!.properties, kysely: ky.properties, api: one.json.data.attributes.event_properties }
}

test('the column is jsonb on PostgreSQL, in the parent and every partition', async () => {
  if (!pg) return
  const types = await sql<{ t: string }>`select distinct format_type(a.atttypid, a.atttypmod) as t
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where a.attname = 'properties' and (c.relname = 'Event' or c.relname like 'Event\\_%')
        and c.relkind in ('r', 'p')`.execute(kysely())
  expect(types.rows).toEqual([{ t: 'jsonb' }])
})

test.each([
  ['the set-based ingest', 'set'],
  ['the per-event path', 'one'],
])('%s stores properties read back as the same value (Prisma, Kysely, /api/events)', async (_, path) => {
  const email = `${path}@ex.test`
  const events = validateEvents([input(email, `Ingest ${path}`, PROPS)])
  const [outcome] =
    path === 'set'
      ? [{ ok: await ingestEvents(companyId, [input(email, `Ingest ${path}`, PROPS)]) }]
      : await inWriteTx(() => ingestBatchOps([{ companyId, mode: 'import', events }], false, new Map()))
  const id = (outcome as { ok: { eventId: number }[] }).ok[0]!.eventId
  expect(id).toEqual(expect.any(Number))
  const got = await readAllWays(id)
  // Prisma and Kysely give the JSON text (jsonb's own spacing and key order on PostgreSQL).
  expect(typeof got.prisma).toBe('string')
  expect(got.kysely).toBe(got.prisma)
  expect(JSON.parse(got.prisma)).toEqual(readBack)
  expect(got.api).toMatchObject(readBack)
  const list = await api('GET', `/api/events?filter=equals(metric_id,"${await metricOf(id)}")`, { key })
  expect(list.status).toBe(200)
  expect(
    list.json.data.map((e: { attributes: { event_properties: unknown } }) => e.attributes.event_properties),
  ).toEqual([expect.objectContaining(readBack)])
})

async function metricOf(id: number) {
  return (await db.event.findFirst({ where: { companyId, id }, select: { metricId: true } }))!.metricId
}

test('the message-event insert and a Prisma create store the same value', async () => {
  const profile = await db.profile.create({ data: { id: ulid(), companyId, email: 'direct@ex.test' } })
  const metric = await db.metric.create({ data: { id: shortId(6), companyId, name: 'Direct' } })
  const row = { companyId, profileId: profile.id, metricId: metric.id, ts: T / 1000 }
  const touched = await inWriteTx(() => insertEventTouchingOps({ ...row, properties: JSON.stringify(PROPS) }))
  expect(JSON.parse((await readAllWays(touched!)).prisma)).toEqual(readBack)
  // Prisma sends the text as it is (no NUL repair there; no lib/ code writes events through it).
  const plain = Object.fromEntries(Object.entries(PROPS).filter(([k]) => k !== 'nul'))
  const created = await db.event.create({ data: { ...row, ts: row.ts + 1, properties: JSON.stringify(plain) } })
  expect(typeof created.properties).toBe('string')
  expect(JSON.parse(created.properties)).toEqual(plain)
  const got = await readAllWays(created.id)
  expect(JSON.parse(got.kysely)).toEqual(plain)
  expect(got.api).toMatchObject(plain)
  // The default is the empty object on both engines.
  const bare = await db.event.create({ data: { ...row, ts: row.ts + 2 } })
  expect(JSON.parse(bare.properties)).toEqual({})
})

test('segment and metric property filters answer as on the text', async () => {
  const metric = 'Ordered Product'
  const rows: Array<[string, Record<string, unknown>]> = [
    ['a@f.test', { Category: 'Shoes', Price: 120, Name: 'Trail Runner' }],
    ['b@f.test', { Category: 'shoes', Price: 40, Name: 'Sandal' }],
    ['c@f.test', { Category: 'Hats', Price: 200, Name: 'Trail Cap' }],
    ['d@f.test', { Category: 'Shoes', Price: '150', Name: 'Trail Boot', Sale: true }],
  ]
  const ids = await ingestEvents(
    companyId,
    rows.map(([email, p], i) => input(email, metric, p, T + i * 1000)),
  )
  const metricId = ids[0]!.metricId
  const definition = {
    version: 1,
    root: {
      type: 'and',
      conditions: [
        {
          kind: 'metric',
          metricId,
          comparison: 'at_least',
          count: 1,
          timeframe: { type: 'all_time' },
          filters: [
            { property: 'Category', operator: 'equals', value: 'SHOES' },
            { property: 'Price', operator: 'greater_than', value: 100 },
            { property: 'Name', operator: 'contains', value: 'trail' },
          ],
        },
      ],
    },
  }
  expect(await previewSegmentCount(companyId, definition)).toBe(2)
  const count = async (where: Parameters<typeof runMetricQuery>[0]['where']) =>
    (
      await runMetricQuery({
        companyId,
        metricId,
        buckets: bucketRange({ start: T - 3600_000, end: T + 3600_000 }, 'daily', 'UTC'),
        measurements: ['count'],
        where,
      })
    )[0]!.measurements.count!.reduce((a, b) => a + b, 0)
  expect(await count([{ field: 'Category', op: 'equal', value: 'Shoes' }])).toBe(2)
  expect(await count([{ field: 'Price', op: 'gt', value: 100 }])).toBe(3)
  expect(await count([{ field: 'Sale', op: 'is_set', value: undefined }])).toBe(1)
  expect(await count([{ field: 'Name', op: 'contains', value: 'TRAIL' }])).toBe(3)
})
