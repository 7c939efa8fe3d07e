// Importing a catalog through the bulk jobs (issue 11 §5): N items, each with one variant, as
// the public API does it: catalog-item-bulk-create-jobs of 100 entries (JSON:API resource
// objects, stored with the job by createBulkJob — what POST /api/catalog-item-bulk-create-jobs
// calls after parsing the body), then catalog-variant-bulk-create-jobs of 100 entries naming
// their item by its /api id; at most 500 jobs queued at a time (the API's limit); the worker
// path (runJobsUntilIdle → the catalog.bulk handler → applyEntriesOps → the store's set-based
// Ops, validation included) processes them. Timed from the first job created to the last one
// complete; items/s = N / that time.
// Baseline in the same run: the same rows (items and variants, same columns) inserted raw
// through Kysely, multi-row INSERTs of 200 rows, one transaction per 1,000 rows.
//
//   flock /tmp/bench.lock npx tsx bench/catalog-import.mts [--engine sqlite|postgres] [--quick] [--items 100000]
//
// Target: ratio (ours/baseline items/s) ≥ 0.25. Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'

const ENGINE = engineArg()
const N = arg('items', 100_000, 10_000)
const PER_JOB = 100
const MAX_QUEUED = 500
process.chdir(root)

const scratch = await scratchDatabase(ENGINE, 'catalog-import')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'

const { db } = await import('@/lib/db/client')
const { kysely } = await import('@/lib/db/kysely')
const { exec, inWriteTx } = await import('@/lib/db/ops')
const { ulid } = await import('@/lib/ids/make-id')
const { runJobsUntilIdle } = await import('@/lib/jobs/queue')
const { registerJobHandlers } = await import('@/lib/server/job-handlers')
const { createBulkJob } = await import('@/lib/catalog/api/bulk-jobs')
const { prepareCatalogWrite } = await import('@/lib/catalog/store/run-write')
registerJobHandlers()
await prepareCatalogWrite()

const company = await db.company.create({ data: { name: 'Catalog import bench', publicApiKey: 'CIBENC' } })
const baseCompany = await db.company.create({ data: { name: 'Catalog import baseline', publicApiKey: 'CIBASE' } })
const companyId = company.id

const ext = (i: number) => `P${String(i).padStart(7, '0')}`
const itemAttrs = (i: number) => ({
  external_id: ext(i),
  title: `Product ${i}`,
  description: `A fine product number ${i}, in several sizes.`,
  url: `https://shop.test/p/${i}`,
  price: 10 + (i % 90),
  image_full_url: `https://img.test/p/${i}.jpg`,
  images: [`https://img.test/p/${i}.jpg`],
  custom_metadata: { brand: `Brand ${i % 50}` },
  published: true,
})
const variantAttrs = (i: number) => ({
  external_id: `${ext(i)}-M`,
  title: `Product ${i} / M`,
  description: 'Size M',
  sku: `SKU-${ext(i)}-M`,
  inventory_quantity: i % 20,
  price: 10 + (i % 90),
  url: `https://shop.test/p/${i}?v=M`,
  image_full_url: `https://img.test/p/${i}-m.jpg`,
  published: true,
})

// ---- baseline: the same rows inserted raw (multi-row INSERTs of 200, a transaction per 1,000)
const baseStart = performance.now()
for (let i = 0; i < N; i += 1000) {
  const now = new Date()
  const count = Math.min(1000, N - i)
  const items = Array.from({ length: count }, (_, k) => {
    const a = itemAttrs(i + k)
    return {
      id: ulid(),
      companyId: baseCompany.id,
      integrationKey: '$custom',
      catalogName: '$default',
      externalId: a.external_id,
      title: a.title,
      description: a.description,
      price: a.price,
      url: a.url,
      imageFullUrl: a.image_full_url,
      imageThumbnailUrl: null,
      imageUrls: JSON.stringify(a.images),
      published: true,
      customMetadata: JSON.stringify(a.custom_metadata),
      itemType: null,
      itemSubtypeId: null,
      sourceId: null,
      deleted: false,
      createdAt: now,
      updatedAt: now,
    }
  })
  const variants = items.map((it, k) => {
    const v = variantAttrs(i + k)
    return {
      id: ulid(),
      companyId: baseCompany.id,
      itemId: it.id,
      integrationKey: '$custom',
      catalogName: '$default',
      externalId: v.external_id,
      title: v.title,
      description: v.description,
      sku: v.sku,
      price: v.price,
      url: v.url,
      imageFullUrl: v.image_full_url,
      imageThumbnailUrl: null,
      imageUrls: '[]',
      inventoryQuantity: v.inventory_quantity,
      inventoryPolicy: 0,
      published: true,
      customMetadata: '{}',
      createdAt: now,
      updatedAt: now,
    }
  })
  await inWriteTx(function* () {
    for (let j = 0; j < count; j += 200)
      yield* exec(
        kysely()
          .insertInto('CatalogItem')
          .values(items.slice(j, j + 200)),
      )
    for (let j = 0; j < count; j += 200)
      yield* exec(
        kysely()
          .insertInto('CatalogVariant')
          .values(variants.slice(j, j + 200)),
      )
  })
}
const baseMs = performance.now() - baseStart

// ---- ours: the bulk jobs
async function runJobs(kind: 'item' | 'variant') {
  let jobs = 0
  for (let i = 0; i < N; i += PER_JOB * MAX_QUEUED) {
    // Queue up to 500 jobs (the API's limit on queued jobs), then let the worker drain them.
    for (let j = i; j < Math.min(N, i + PER_JOB * MAX_QUEUED); j += PER_JOB) {
      const entries = Array.from({ length: Math.min(PER_JOB, N - j) }, (_, k) =>
        kind === 'item'
          ? { type: 'catalog-item', attributes: itemAttrs(j + k) }
          : {
              type: 'catalog-variant',
              attributes: variantAttrs(j + k),
              relationships: { item: { data: { type: 'catalog-item', id: `$custom:::$default:::${ext(j + k)}` } } },
            },
      )
      await createBulkJob(companyId, kind, 'create', entries)
      jobs++
    }
    await runJobsUntilIdle()
  }
  return jobs
}
const t0 = performance.now()
const itemJobs = await runJobs('item')
const tItems = performance.now()
const variantJobs = await runJobs('variant')
const t1 = performance.now()
const oursMs = t1 - t0

const items = await db.catalogItem.count({ where: { companyId } })
const variants = await db.catalogVariant.count({ where: { companyId } })
const failed = await db.catalogBulkJob.aggregate({ where: { companyId }, _sum: { failedCount: true } })
const baseItems = await db.catalogItem.count({ where: { companyId: baseCompany.id } })
if (items !== N || variants !== N || baseItems !== N)
  throw new Error(`row counts: items ${items}, variants ${variants}, baseline ${baseItems}, expected ${N}`)

const oursRate = N / (oursMs / 1000)
const baseRate = N / (baseMs / 1000)
console.log(`catalog import, ${ENGINE}: ${fmtInt(N)} items + ${fmtInt(N)} variants`)
console.log(
  `  bulk jobs: ${fmtInt(itemJobs)} item jobs (${fmtMs(tItems - t0)}) + ${fmtInt(variantJobs)} variant jobs (${fmtMs(t1 - tItems)}) = ${fmtMs(oursMs)} → ${fmtInt(oursRate)} items/s (failed entries: ${failed._sum.failedCount ?? 0})`,
)
console.log(`  baseline: raw batched insert of the same rows: ${fmtMs(baseMs)} → ${fmtInt(baseRate)} items/s`)
console.log(`  ratio: ${(oursRate / baseRate).toFixed(2)} (target ≥ 0.25)`)
console.log(`  ${machine()}`)
report(
  'catalog-import',
  ENGINE,
  [
    {
      figure: '(catalog) import through the bulk jobs',
      what: `${fmtInt(N)} items with one variant each, jobs of ${PER_JOB}; baseline: raw batched insert of the same rows`,
      ours: `${fmtInt(oursRate)} items/s`,
      baseline: `${fmtInt(baseRate)} items/s`,
      ratio: oursRate / baseRate,
      target: 'ratio ≥ 0.25',
      met: oursRate / baseRate >= 0.25,
    },
  ],
  { items: N, itemJobs, variantJobs, oursMs, baseMs },
)
await db.$disconnect?.()
await scratch.drop()
process.exit(0)
