// Rendering an email with a recommendations block for 10,000 profiles (issue 11 §5): for each
// profile, the catalog pre-render step (its recently viewed items from its Viewed Product
// events, filled from best sellers and the newest items; company figures cached) and the
// render of subject and HTML — beside a baseline in the same run: the same template without
// the block (the pre-render step finds nothing and costs no query), for the same profiles.
//
//   flock /tmp/bench.lock npx tsx bench/template-recommendations.mts [--engine sqlite|postgres] [--quick] [--profiles 10000]
//
// Reported (no target): renders per second, ours and baseline. Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, machine, report, root, scratchDatabase } from './lib/common.mjs'

const ENGINE = engineArg()
const N = arg('profiles', 10_000, 1_000)
const ITEMS = 500
process.chdir(root)

const scratch = await scratchDatabase(ENGINE, 'template-recommendations')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'

const { db } = await import('@/lib/db/client')
const { ulid } = await import('@/lib/ids/make-id')
const { renderTemplate } = await import('@/lib/templates/render-template')
const { prepareCatalogRender } = await import('@/lib/catalog/catalog-prerender')

const company = await db.company.create({ data: { name: 'Recommendations bench', publicApiKey: 'RECBEN' } })
const companyId = company.id
const now = new Date()
const sec = Math.floor(now.getTime() / 1000)

// ---- a catalog, profiles with views, and orders ----
const items = Array.from({ length: ITEMS }, (_, i) => ({
  id: ulid(),
  companyId,
  externalId: `SKU-${i}`,
  title: `Product ${i}`,
  price: 5 + (i % 90),
  url: `https://shop.test/p/${i}`,
  imageFullUrl: `https://shop.test/img/${i}.jpg`,
  createdAt: new Date(now.getTime() - i * 3600_000),
}))
for (let i = 0; i < items.length; i += 250) await db.catalogItem.createMany({ data: items.slice(i, i + 250) })
const viewed = (await db.metric.create({ data: { id: ulid(), companyId, name: 'Viewed Product' } })).id
const placed = (await db.metric.create({ data: { id: ulid(), companyId, name: 'Placed Order' } })).id
const profileIds = Array.from({ length: N }, (_, i) => `PrfRec${String(i).padStart(6, '0')}`)
for (let i = 0; i < N; i += 1000) {
  await db.profile.createMany({
    data: profileIds
      .slice(i, i + 1000)
      .map((id, k) => ({ id, companyId, email: `p${i + k}@bench.test`, firstName: `P${i + k}` })),
  })
}
// 3 views for 4 profiles in 5 (the rest fall back to best sellers), 2,000 orders of 1–3 items
const events: Array<{ companyId: number; profileId: string; metricId: string; ts: number; properties: string }> = []
profileIds.forEach((p, i) => {
  if (i % 5 === 4) return
  for (let k = 0; k < 3; k++)
    events.push({
      companyId,
      profileId: p,
      metricId: viewed,
      ts: sec - 3600 * (k + 1),
      properties: JSON.stringify({ ProductID: `SKU-${(i * 7 + k * 31) % ITEMS}` }),
    })
})
for (let o = 0; o < 2000; o++) {
  const n = 1 + (o % 3)
  events.push({
    companyId,
    profileId: profileIds[o % N]!,
    metricId: placed,
    ts: sec - 86400 * (o % 25) - 60,
    properties: JSON.stringify({
      Items: Array.from({ length: n }, (_, k) => ({ ProductID: `SKU-${(o * 13 + k * 17) % 120}`, Quantity: 1 })),
    }),
  })
}
for (let i = 0; i < events.length; i += 2000) await db.event.createMany({ data: events.slice(i, i + 2000) })

const body = `<html><body><h1>Hi {{ person.first_name|default:"there" }}</h1><p>We picked these for you.</p>`
const withBlock = `${body}{% product_recommendations 'recently_viewed' 4 %}<p>{% unsubscribe %}</p></body></html>`
const without = `${body}<p>{% unsubscribe %}</p></body></html>`
const links = () => 'https://app.test/u?t=abc'

async function run(source: string): Promise<{ perSecond: number; bytes: number }> {
  const one = async (i: number) => {
    const person = { first_name: `P${i}`, email: `p${i}@bench.test` }
    const context: Record<string, unknown> = { ...person, person, event: {} }
    const pre = await prepareCatalogRender({
      companyId,
      sources: ['Picks for you', source],
      context,
      assignKey: null,
      profileId: profileIds[i]!,
      now,
    })
    if (!pre.ok) throw new Error(pre.error)
    const full = { ...context, ...pre.context }
    return (
      renderTemplate('Picks for you', full, { mode: 'text', links, now }).length +
      renderTemplate(source, full, { mode: 'html', links, now }).length
    )
  }
  for (let i = 0; i < 200; i++) await one(i) // warm-up: caches, JIT
  let bytes = 0
  const t0 = process.hrtime.bigint()
  // as the delivery worker does: 16 in flight
  let next = 0
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < N) {
        const n = await one(next++)
        bytes += n
      }
    }),
  )
  return { perSecond: N / (Number(process.hrtime.bigint() - t0) / 1e9), bytes }
}

const baseline = await run(without)
const ours = await run(withBlock)
const sample = await prepareCatalogRender({
  companyId,
  sources: [withBlock],
  context: {},
  assignKey: null,
  profileId: profileIds[0]!,
  now,
})
const ratio = ours.perSecond / baseline.perSecond
console.log(`Machine: ${machine()}`)
console.log(
  `Recommendations (${ENGINE}): ${fmtInt(N)} profiles, ${ITEMS} items, ${fmtInt(events.length)} events; block of 4 recently viewed (fallback best sellers, newest)`,
)
console.log(`  with the block:     ${fmtInt(ours.perSecond)} renders/s (${Math.round(ours.bytes / N)} bytes each)`)
console.log(`  without (baseline): ${fmtInt(baseline.perSecond)} renders/s`)
console.log(
  `  ratio ${ratio.toFixed(2)}; sample items: ${sample.ok ? Object.keys((sample.context.$catalog as { items: object }).items).join(', ') : '-'}`,
)
report(
  'template-recommendations',
  ENGINE,
  [
    {
      figure: 'template-recommendations',
      what: `render with a recommendations block, ${fmtInt(N)} profiles`,
      ours: `${fmtInt(ours.perSecond)} renders/s`,
      baseline: `${fmtInt(baseline.perSecond)} renders/s (same template without the block)`,
      ratio: Number(ratio.toFixed(2)),
      target: 'reported',
      met: true,
    },
  ],
  { rendersPerSecond: Math.round(ours.perSecond), baselineRendersPerSecond: Math.round(baseline.perSecond) },
)
await db.$disconnect()
await scratch.drop()
