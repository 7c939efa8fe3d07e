// Issue 27 §6: custom object records bulk import — records per second from the API's bulk create
// jobs (500 records each, stored with their job row, then applied by the worker: upsert of the
// source records, projection into an object type of 3 typed fields linked to profiles by email,
// one transaction per chunk) beside a raw multi-row INSERT of the same rows into the same two
// tables (500 rows per statement, one transaction per chunk; no parsing, no profile lookup).
//
//   npx tsx bench/custom-objects.mts [--engine sqlite|postgres] [--quick] [--records 100000]
//
// Target: ours / raw ≥ 0.25 (records per second). Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'
import { openRaw } from './lib/raw.mjs'

const ENGINE = engineArg()
const RECORDS = arg('records', 100_000, 20_000)
const CHUNK = 500
process.chdir(root)
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6

const scratch = await scratchDatabase(ENGINE, 'custom-objects')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'
const raw = await openRaw(scratch)
const { db } = await import('@/lib/db/client')
const { createDataSource } = await import('@/lib/custom-objects/data-sources')
const { createObjectType } = await import('@/lib/custom-objects/object-types')
const { createRecordJob, register } = await import('@/lib/custom-objects/record-jobs')
const { runJobsUntilIdle } = await import('@/lib/jobs/queue')
const { ulid } = await import('@/lib/ids/make-id')
register()

console.log(`custom objects bench on ${ENGINE}: ${fmtInt(RECORDS)} records; ${machine()}`)
const now = new Date()
await raw.run('INSERT INTO "Company" ("id", "name", "publicApiKey", "createdAt", "updatedAt") VALUES (1, ?, ?, ?, ?)', [
  'Bench objects',
  'BENCHO',
  now,
  now,
])
await raw.run(
  `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
   INSERT INTO "Profile" ("id", "companyId", "email", "properties", "createdAt", "updatedAt")
   SELECT 'bo' || CAST(i AS TEXT), 1, 'c' || CAST(i AS TEXT) || '@example.test', '{}', ?, ? FROM n`,
  [RECORDS / 2 - 1, now, now],
)

const fields = [
  { id: 1, name: 'vin', type: 'string' as const, path: 'vin' },
  { id: 2, name: 'year', type: 'int' as const, path: 'specs.year' },
  { id: 3, name: 'price', type: 'float' as const, path: 'price' },
]
const source = await createDataSource(1, { title: 'Bench feed' })
await createObjectType(1, {
  title: 'Vehicle',
  fields,
  dataSourceId: source.id,
  idPath: 'vin',
  profileIdType: 'email',
  profilePath: 'owner',
})
const records = Array.from({ length: RECORDS }, (_, i) => ({
  vin: `V${i}`,
  specs: { year: 2000 + (i % 25) },
  price: (i % 1000) * 10.5,
  owner: `c${i % (RECORDS / 2)}@example.test`,
}))

// Ours: the bulk create jobs as the API stores them, then the worker.
let t = process.hrtime.bigint()
for (let i = 0; i < RECORDS; i += CHUNK) await createRecordJob(1, source.id, records.slice(i, i + CHUNK))
const stored = ms(t)
await runJobsUntilIdle()
const oursMs = ms(t)
const projected = await db.customObjectRecord.count({ where: { companyId: 1 } })
const linked = await db.customObjectRecord.count({ where: { companyId: 1, profileId: { not: null } } })
if (projected !== RECORDS || linked !== RECORDS)
  throw new Error(`expected ${RECORDS} linked records, got ${projected}/${linked}`)
console.log(
  `  ours: ${fmtInt(RECORDS)} records in ${fmtMs(oursMs)} (${fmtInt((RECORDS / oursMs) * 1000)}/s; jobs stored in ${fmtMs(stored)})`,
)

// The floor: the same rows, already shaped, inserted raw into the same tables (other ids).
const rawSource = 'RAWSOURCE'
const rawType = 'RAWTYPE'
const ph = (cols: number, rows: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: cols }, () => '?').join(', ')})`).join(', ')
t = process.hrtime.bigint()
for (let i = 0; i < RECORDS; i += CHUNK) {
  const chunk = records.slice(i, i + CHUNK)
  await raw.run('BEGIN')
  await raw.run(
    `INSERT INTO "DataSourceRecord" ("id", "companyId", "dataSourceId", "recordId", "record", "createdAt", "updatedAt") VALUES ${ph(7, chunk.length)}`,
    chunk.flatMap((r) => [ulid(), 1, rawSource, r.vin, JSON.stringify(r), now, now]),
  )
  await raw.run(
    `INSERT INTO "CustomObjectRecord" ("id", "companyId", "objectTypeId", "externalId", "profileId", "values", "createdAt", "updatedAt") VALUES ${ph(8, chunk.length)}`,
    chunk.flatMap((r, j) => [
      ulid(),
      1,
      rawType,
      r.vin,
      `bo${(i + j) % (RECORDS / 2)}`,
      JSON.stringify({ vin: r.vin, year: r.specs.year, price: r.price }),
      now,
      now,
    ]),
  )
  await raw.run('COMMIT')
}
const rawMs = ms(t)
console.log(`  raw insert: ${fmtInt(RECORDS)} records in ${fmtMs(rawMs)} (${fmtInt((RECORDS / rawMs) * 1000)}/s)`)

const ratio = rawMs / oursMs
report('custom-objects', ENGINE, [
  {
    figure: '(co1)',
    what: `bulk import of ${fmtInt(RECORDS)} custom object records (jobs of ${CHUNK}, worker, profile link)`,
    ours: `${fmtInt((RECORDS / oursMs) * 1000)}/s`,
    baseline: `${fmtInt((RECORDS / rawMs) * 1000)}/s (raw multi-row insert)`,
    ratio,
    target: 'ratio ≥ 0.25',
    met: ratio >= 0.25,
  },
])
await db.$disconnect()
await raw.close()
if (ENGINE === 'postgres') await (await import('@/lib/db/pg-pool')).closePgPool()
await scratch.drop()
process.exit(0)
