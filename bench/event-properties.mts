// Issue 22 §2 on PostgreSQL: what "Event"."properties" as jsonb changes, and whether a GIN index on
// properties or a BRIN index on "ts" pays. On one scratch database from the migrations (whatever
// type they give the column: run it on the text column's checkout for the before):
//   * a property-filtered metric aggregate (90 days daily, Category = Footwear) through the engine
//     (lib/metrics/query-metric-aggregates.ts) and as bare SQL;
//   * a property-filtered segment preview (Placed Order ≥ 1 with Category = Footwear) through
//     lib/segments/preview-count.ts;
//   * inserting a batch of events (one unnest statement, as the set-based ingest writes them);
//   * jsonb only: the same, with a GIN (jsonb_path_ops) index on properties, and a containment
//     query it could serve; and EXPLAIN of the "ts" scans (retention, the partition job's DEFAULT
//     scan, a cross-company count) with a BRIN index on "ts".
//
//   npx tsx bench/event-properties.mts [--events 500000] [--companies 4] [--profiles 20000] [--runs 5] [--insert 20000]
import pg from 'pg'
import { arg, machine, median, medianMs, pgLoad, pgWithoutIndexes, root, scratchDatabase } from './lib/common.mjs'

const N = arg('events', 500_000)
const COMPANIES = arg('companies', 4)
const PROFILES = arg('profiles', 20_000)
const RUNS = arg('runs', 5)
const INSERT = arg('insert', 20_000)
const TZ = 'America/New_York'
process.chdir(root)

const scratch = await scratchDatabase('postgres', 'evprops')
const client = new pg.Client({ connectionString: scratch.url })
await client.connect()
const q = async <T = Record<string, unknown>,>(text: string, values: unknown[] = []) =>
  (await client.query(text, values)).rows as T[]
const type = (
  await q<{ t: string }>(`SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute
  WHERE attrelid = '"Event"'::regclass AND attname = 'properties'`)
)[0]!.t

// ---- one year of events, company 1 holding half of them, the rest spread over the others ----
const END = Math.floor(Date.UTC(2026, 5, 30) / 1000)
const START = END - 365 * 86400
const categories = ['Apparel', 'Footwear', 'Accessories', 'Home & Kitchen', 'Beauty', 'Outdoor']
let seed = 42
const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
const pid = (c: number, i: number) => `P${c}-${String(i).padStart(20, '0')}`
const companyOf = (i: number) => (i % 2 === 0 || COMPANIES === 1 ? 1 : 2 + (i % (COMPANIES - 1)))
const eventRow = (i: number, ts: number) => {
  const c = companyOf(i)
  return [
    c,
    pid(c, Math.floor(rand() * PROFILES)),
    `PlcOrd${c}`,
    ts,
    Math.round(rand() * 20000) / 100,
    'USD',
    JSON.stringify({
      Category: categories[Math.floor(rand() * categories.length)],
      ItemCount: 1 + Math.floor(rand() * 4),
      Items: [{ ProductID: `SKU-${Math.floor(rand() * 500)}`, Price: 19.99 }],
    }),
    new Date(),
  ]
}
const EVENT_COLS: Array<[string, string]> = [
  ['companyId', 'int'],
  ['profileId', 'text'],
  ['metricId', 'text'],
  ['ts', 'int'],
  ['value', 'float8'],
  ['currency', 'text'],
  ['properties', 'jsonb'],
  ['createdAt', 'timestamp'],
]
const t0 = performance.now()
const now = new Date()
for (let c = 1; c <= COMPANIES; c++) {
  await q(
    `INSERT INTO "Company" ("id", "name", "publicApiKey", "timezone", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, $5, $5)`,
    [c, `Store ${c}`, `BENCH${c}`, TZ, now],
  )
  await q(
    `INSERT INTO "Metric" ("id", "companyId", "name", "integration", "createdAt", "updatedAt") VALUES ($1, $2, 'Placed Order', 'api', $3, $3)`,
    [`PlcOrd${c}`, c, now],
  )
  await pgLoad(
    client,
    'Profile',
    [
      ['id', 'text'],
      ['companyId', 'int'],
      ['email', 'text'],
      ['createdAt', 'timestamp'],
      ['updatedAt', 'timestamp'],
    ],
    Array.from({ length: PROFILES }, (_, i) => [pid(c, i), c, `c${c}-${i}@example.test`, now, now]),
  )
}
await pgWithoutIndexes(client, 'Event', async () => {
  for (let i = 0; i < N; i += 100_000) {
    const rows: unknown[][] = []
    for (let j = i; j < Math.min(N, i + 100_000); j++)
      rows.push(eventRow(j, START + Math.floor(((j + rand()) * 365 * 86400) / N)))
    await pgLoad(client, 'Event', EVENT_COLS, rows)
  }
})
await q('VACUUM ANALYZE')
const loadS = (performance.now() - t0) / 1000

process.env.DATABASE_URL = scratch.url
const { queryMetricAggregates } = await import('../lib/metrics/query-metric-aggregates')
const { resolveTimeframe } = await import('../lib/metrics/timeframe')
const { previewSegmentCount } = await import('../lib/segments/preview-count')
const { db } = await import('../lib/db/client')

const time = (fn: () => unknown) => medianMs(fn, RUNS)
const range = resolveTimeframe('last_90_days', { timeZone: TZ, now: new Date((END - 3600) * 1000) })
const [s, e] = [Math.ceil(range.start / 1000), Math.ceil(range.end / 1000) - 1]
const filtered = () =>
  queryMetricAggregates(1, {
    metricId: 'PlcOrd1',
    measurements: ['count'],
    interval: 'day',
    timezone: TZ,
    filter: {
      start: new Date(range.start),
      end: new Date(range.end),
      extra: [{ field: 'Category', op: 'equal', value: 'Footwear' }],
    },
  })
const bare = `SELECT count(*) AS n FROM "Event" WHERE "companyId" = 1 AND "metricId" = 'PlcOrd1'
  AND ts BETWEEN $1 AND $2 AND CAST(properties AS jsonb) ->> 'Category' = 'Footwear'`
const segment = {
  version: 1,
  root: {
    type: 'and',
    conditions: [
      {
        kind: 'metric',
        metricId: 'PlcOrd1',
        comparison: 'at_least',
        count: 2,
        timeframe: { type: 'all_time' },
        filters: [{ property: 'Category', operator: 'equals', value: 'Footwear' }],
      },
    ],
  },
}
let batchTs = END + 86400
const insertBatch = async () => {
  const rows = Array.from({ length: INSERT }, (_, i) => eventRow(i * 2, batchTs++))
  const cols = EVENT_COLS.map((_, c) => rows.map((r) => r[c]))
  // As the set-based ingest (lib/events/ingest-sets-pg.ts): one unnest of text arrays, cast once.
  const cast = type === 'jsonb' ? '"event_properties_jsonb"(props)' : 'props'
  const t = performance.now()
  await q(
    `INSERT INTO "Event" ("companyId", "profileId", "metricId", ts, value, currency, properties, "createdAt")
     SELECT c, p, m, t, v, cur, ${cast}, at FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::float8[],
       $6::text[], $7::text[], $8::timestamp[]) AS x(c, p, m, t, v, cur, props, at)`,
    cols,
  )
  return performance.now() - t
}
const insertMs = async () => {
  await insertBatch()
  const ms: number[] = []
  for (let i = 0; i < RUNS; i++) ms.push(await insertBatch())
  return median(ms)
}

const out: Array<[string, string]> = []
const row = (label: string, v: string) => (out.push([label, v]), console.log(`${label.padEnd(58)} ${v}`))
const ms = (x: number) => `${x.toFixed(1)} ms`
console.log(`event-properties on PostgreSQL, "properties" ${type}; ${machine()}`)
console.log(
  `${N.toLocaleString('en')} events, ${COMPANIES} companies (company 1: half), loaded in ${loadS.toFixed(1)} s`,
)
const answer = (await filtered()).data[0]!.measurements.count!.reduce((a, b) => a + b, 0)
row('metric count, Category = Footwear, 90 days daily (engine)', `${ms(await time(filtered))} (${answer} events)`)
row('  bare SQL count', ms(await time(() => q(bare, [s, e]))))
row(
  `segment preview, ≥ 2 Footwear orders ever (engine)`,
  `${ms(await time(() => previewSegmentCount(1, segment)))} (${await previewSegmentCount(1, segment)} profiles)`,
)
row(`insert ${INSERT.toLocaleString('en')} events, one unnest statement`, ms(await insertMs()))

if (type === 'jsonb') {
  const contain = `SELECT count(*) AS n FROM "Event" WHERE "companyId" = 1 AND properties @> '{"Category":"Footwear"}'`
  row('containment count, company 1, no GIN', ms(await time(() => q(contain))))
  const t = performance.now()
  await q(`CREATE INDEX "Event_properties_gin" ON "Event" USING gin (properties jsonb_path_ops)`)
  row('  GIN (jsonb_path_ops) build', ms(performance.now() - t))
  await q('ANALYZE "Event"')
  row('  containment count with GIN', ms(await time(() => q(contain))))
  row('  metric count, Category = Footwear (engine) with GIN', ms(await time(filtered)))
  row(`  insert ${INSERT.toLocaleString('en')} events with GIN`, ms(await insertMs()))
  await q(`DROP INDEX "Event_properties_gin"`)

  // BRIN on ts: the scans by time (retention: one company, before a cutoff; the partition job:
  // DEFAULT by month; a cross-company count none of lib/ makes today).
  const cutoff = START + 120 * 86400
  const scans: Array<[string, string, unknown[]]> = [
    [
      'retention count (company 1, ts < cutoff)',
      `SELECT count(*) FROM "Event" WHERE "companyId" = 1 AND ts < $1`,
      [cutoff],
    ],
    ['cross-company count (ts < cutoff)', `SELECT count(*) FROM "Event" WHERE ts < $1`, [cutoff]],
    [
      'DEFAULT partition month scan',
      `SELECT count(*) FROM "Event_default" WHERE ts >= $1 AND ts < $2`,
      [START, cutoff],
    ],
  ]
  const plan = async (sql: string, params: unknown[]) => {
    const rows = await q<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params)
    const text = rows.map((r) => r['QUERY PLAN']).join('\n')
    // Partition indexes are named after the parent's columns: "Event_y2026m01_ts_idx" is the BRIN.
    const scans = [
      ...text.matchAll(/(Bitmap Index Scan|Index Only Scan|Index Scan|Seq Scan)(?: using "?(\w+)"?)? on "?(\w+)"?/g),
    ].map((m) => ({ node: m[1]!, index: m[1] === 'Seq Scan' ? null : m[1] === 'Bitmap Index Scan' ? m[3]! : m[2]! }))
    const nodes = [
      ...new Set(scans.map((x) => (x.index ? `${x.node} ${x.index.replace(/^Event_[a-z0-9]+_/, '…_')}` : x.node))),
    ]
    const time = Number(/Execution Time: ([\d.]+)/.exec(text)?.[1])
    const brin = scans.some((x) => x.index != null && /^Event_[a-z0-9]+_ts_idx$/.test(x.index))
    return { nodes: nodes.join('+'), time, brin }
  }
  for (const [label, sql, params] of scans) {
    await plan(sql, params)
    const p = await plan(sql, params)
    row(`${label}, btrees`, `${ms(p.time)} (${p.nodes})`)
  }
  const tb = performance.now()
  await q(`CREATE INDEX "Event_ts_brin" ON "Event" USING brin (ts)`)
  row('  BRIN (ts) build', ms(performance.now() - tb))
  await q('ANALYZE "Event"')
  for (const [label, sql, params] of scans) {
    await plan(sql, params)
    const p = await plan(sql, params)
    row(`${label}, with BRIN`, `${ms(p.time)} (${p.nodes}${p.brin ? ', BRIN used' : ', BRIN not used'})`)
  }
  row(`  insert ${INSERT.toLocaleString('en')} events with BRIN`, ms(await insertMs()))
}

await db.$disconnect()
await client.end()
await (await import('../lib/db/pg-pool')).closePgPool()
await scratch.drop()
process.exit(0)
