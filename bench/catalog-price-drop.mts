// A price drop on an item viewed by 50,000 profiles, to the last message queued (issue 11 §5):
// the item's price is lowered through the catalog store (a CatalogChange row and the
// catalog.changes job), the handler finds the viewers within the flow's lookback and enters them
// into the live price-drop flow (set-based), and the journey engine runs each run's send-email
// action, which queues a Send per profile. Timed from the price write to the 50,000th Send row.
// Baseline in the same run: inserting the same 50,000 FlowRun rows directly (batched multi-row
// INSERTs of 1,000 in one transaction), i.e. the floor of writing one row per profile.
//
//   flock /tmp/bench.lock npx tsx bench/catalog-price-drop.mts [--engine sqlite|postgres] [--quick] [--profiles 50000] [--enter-only]
// (--enter-only: time the reaction to the runs entered, without the engine's send steps.)
//
// Target: < 10 s. Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'

const ENGINE = engineArg()
const N = arg('profiles', 50_000, 5_000)
process.chdir(root)

const scratch = await scratchDatabase(ENGINE, 'catalog-price-drop')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'

const { db } = await import('@/lib/db/client')
const { kysely } = await import('@/lib/db/kysely')
const { exec, inWriteTx } = await import('@/lib/db/ops')
const { ulid } = await import('@/lib/ids/make-id')
const { flowDefinition } = await import('@/lib/flows/definition')
const { createFlow } = await import('@/lib/flows/store')
const { drainFlowRuns } = await import('@/lib/flows/engine/advance-runs')
;(await import('@/lib/server/consumers')).registerConsumers() // list updates enter list-triggered flows
const { getOrCreateMetric } = await import('@/lib/events/get-or-create-metric')
const { createItemOps, updateItemOps } = await import('@/lib/catalog/store/items')
const { prepareCatalogWrite } = await import('@/lib/catalog/store/run-write')
const { processCatalogChanges } = await import('@/lib/catalog/changes')

const company = await db.company.create({
  data: {
    name: 'Price drop bench',
    publicApiKey: 'PDBENC',
    addressLine1: '1 Main St',
    city: 'Springfield',
    postalCode: '62701',
    country: 'US',
  },
})
const companyId = company.id
await prepareCatalogWrite()
const now0 = new Date()
const itemId = await inWriteTx(() =>
  createItemOps(
    companyId,
    { externalId: 'SKU-1', title: 'Walnut desk', description: 'Solid', url: 'https://shop.test/desk', price: 400 },
    now0,
  ),
)
// Another item's viewers (as many again) that the drop must not reach.
await inWriteTx(() =>
  createItemOps(
    companyId,
    { externalId: 'SKU-2', title: 'Oak chair', description: 'Solid', url: 'https://shop.test/chair', price: 90 },
    now0,
  ),
)
await db.template.create({
  data: {
    id: 'TplBench',
    companyId,
    name: 'Drop',
    editorType: 'CODE',
    html: '<p>Cheaper</p>',
    compiledHtml: '<p>Cheaper</p>',
    compiledText: 'Cheaper',
  },
})
const viewed = await getOrCreateMetric(companyId, 'Viewed Product')

// Setup (not timed): N profiles who viewed SKU-1 in the last 10 days, N/5 who viewed SKU-2.
const setupStart = performance.now()
const ts = Math.floor(now0.getTime() / 1000)
async function loadProfiles(count: number, prefix: string, product: string) {
  for (let i = 0; i < count; i += 1000) {
    const ids = Array.from(
      { length: Math.min(1000, count - i) },
      (_, k) => `${prefix}${String(i + k).padStart(7, '0')}`,
    )
    await inWriteTx(function* () {
      yield* exec(
        kysely()
          .insertInto('Profile')
          .values(
            ids.map((id) => ({
              id,
              companyId,
              email: `${id.toLowerCase()}@example.test`,
              properties: '{}',
              createdAt: now0,
              updatedAt: now0,
            })),
          ),
      )
      yield* exec(
        kysely()
          .insertInto('Event')
          .values(
            ids.map((id, k) => ({
              companyId,
              profileId: id,
              metricId: viewed.id,
              ts: ts - 86_400 * ((i + k) % 10) - 60,
              properties: JSON.stringify({ ProductID: product, ProductName: 'x', Price: 400 }),
              createdAt: now0,
            })),
          ),
      )
    })
  }
}
await loadProfiles(N, 'V', 'SKU-1')
await loadProfiles(Math.floor(N / 5), 'W', 'SKU-2')
const flowId = await createFlow(companyId, {
  name: 'Price drop',
  status: 'live',
  definition: flowDefinition.parse({
    triggers: [
      {
        type: 'price-drop',
        trigger_filter: null,
        price_drop_amount_value: 10,
        price_drop_amount_unit: 'percent',
        audience: ['viewed', 'checkout-started'],
        timeframe_days: 30,
      },
    ],
    profile_filter: null,
    entry_action_id: 'e',
    reentry_criteria: null,
    actions: [
      {
        temporary_id: 'e',
        type: 'send-email',
        links: { next: null },
        data: {
          status: 'live',
          message: {
            subject_line: 'The price dropped',
            from_email: 'shop@example.test',
            from_label: 'Shop',
            template_id: 'TplBench',
          },
        },
      },
    ],
  }) as never,
})
const setupMs = performance.now() - setupStart

// Baseline: N FlowRun rows inserted directly (another flow id, so the measured run is unaffected).
const baseStart = performance.now()
await inWriteTx(function* () {
  for (let i = 0; i < N; i += 1000) {
    const at = new Date()
    yield* exec(
      kysely()
        .insertInto('FlowRun')
        .values(
          Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
            id: ulid(),
            companyId,
            flowId: 'baseline',
            version: 1,
            profileId: `V${String(i + k).padStart(7, '0')}`,
            entryKey: 'baseline',
            triggerKind: 'price-drop',
            status: 'completed',
            currentActionId: null,
            wakeAt: null,
            stepCount: 0,
            attempts: 0,
            createdAt: at,
            updatedAt: at,
          })),
        ),
    )
  }
})
const baseMs = performance.now() - baseStart

// Measured: the price write → the reaction → the engine until every message is queued.
const t0 = performance.now()
await inWriteTx(() => updateItemOps(companyId, itemId, { price: 299 }, new Date()))
const reaction = await processCatalogChanges({ companyId })
const tEntered = performance.now()
const ENTER_ONLY = process.argv.includes('--enter-only')
let drains = 0
for (; !ENTER_ONLY;) {
  drains++
  await drainFlowRuns({ now: () => new Date() })
  const queued = await db.send.count({ where: { companyId, sourceType: 'flow_action_run' } })
  if (queued >= reaction.entered || drains > 200) break
}
const t1 = performance.now()
const sends = await db.send.count({ where: { companyId, sourceType: 'flow_action_run' } })
const runs = await db.flowRun.count({ where: { companyId, flowId } })
const totalMs = t1 - t0
const enterMs = tEntered - t0
console.log(
  `catalog price drop, ${ENGINE}: ${fmtInt(N)} viewers (+${fmtInt(N / 5)} of another item), setup ${(setupMs / 1000).toFixed(1)} s`,
)
console.log(`  price write → runs entered: ${fmtMs(enterMs)} (${fmtInt(reaction.entered)} runs)`)
console.log(
  `  price write → last message queued: ${fmtMs(totalMs)} (${fmtInt(sends)} sends, ${fmtInt(runs)} runs, ${drains} drains)`,
)
console.log(`  baseline: ${fmtInt(N)} FlowRun rows inserted directly: ${fmtMs(baseMs)}`)
console.log(`  ${machine()}`)
report(
  'catalog-price-drop',
  ENGINE,
  [
    {
      figure: '(catalog) price drop → runs entered',
      what: `${fmtInt(N)} viewers within the lookback; baseline: ${fmtInt(N)} FlowRun rows inserted directly`,
      ours: fmtMs(enterMs),
      baseline: fmtMs(baseMs),
      ratio: enterMs > 0 ? baseMs / enterMs : null,
    },
    ...(ENTER_ONLY
      ? []
      : [
          {
            figure: '(catalog) price drop → last message queued',
            what: `${fmtInt(N)} send-email steps, one Send each`,
            ours: fmtMs(totalMs),
            baseline: fmtMs(baseMs),
            ratio: totalMs > 0 ? baseMs / totalMs : null,
            target: '< 10 s',
            met: totalMs < 10_000 && sends === N,
          },
        ]),
  ],
  { profiles: N, entered: reaction.entered, sends, runs },
)
await db.$disconnect?.()
await scratch.drop()
process.exit(0)
