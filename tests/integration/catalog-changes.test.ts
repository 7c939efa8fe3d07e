/** @jest-environment node */
// The catalog reactions as scenario tables on a real database: price and inventory changes in
// (through K1's store, which records CatalogChange rows), the catalog.changes handler and the
// journey engine run with an advanced clock, runs and sends out. Price drop fires once per drop
// for the engaged profiles within the lookback; low inventory fires on crossing its threshold;
// back in stock releases its subscribers in batches while the stock lasts.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow } from '@/lib/flows/store'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { createItemOps, updateItemOps } from '@/lib/catalog/store/items'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { createVariantOps, updateVariantOps } from '@/lib/catalog/store/variants'
import { processCatalogChanges } from '@/lib/catalog/changes'
import { productIdsOf } from '@/lib/catalog/link-events'
import { subscribeBackInStock } from '@/lib/catalog/back-in-stock/subscribe'
import { saveBisSettings } from '@/lib/catalog/back-in-stock/settings'
import { runRelease, BIS_RELEASE_JOB } from '@/lib/catalog/back-in-stock/release'
import { BACK_IN_STOCK_METRIC } from '@/lib/flows/templates/back-in-stock'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { makeCompany } from '../helpers/factory'
import { queuedJobs } from '../helpers/queued-jobs'

const T0 = new Date('2026-03-02T10:00:00.000Z')
const MIN = 60_000
const DAY = 86_400_000
const at = (ms: number) => new Date(T0.getTime() + ms)
let companyId: number
let otherCompany: number
let seq = 0
const templateId = 'TplCat1'

beforeAll(async () => {
  await prepareCatalogWrite()
  companyId = (await makeCompany('Catalog A')).id
  otherCompany = (await makeCompany('Catalog B')).id
  await db.template.create({
    data: {
      id: templateId,
      companyId,
      name: 'Alert',
      editorType: 'CODE',
      html: '<p>Hi</p>',
      compiledHtml: '<p>Hi</p>',
      compiledText: 'Hi',
    },
  })
})

const email = (t: string, next: string | null = null) => ({
  temporary_id: t,
  type: 'send-email',
  links: { next },
  data: {
    status: 'live',
    message: { subject_line: 'Catalog', from_email: 'shop@example.test', from_label: 'Shop', template_id: templateId },
  },
})
async function flow(triggers: unknown[], actions: Array<Record<string, unknown>>, company = companyId) {
  const def = flowDefinition.parse({
    triggers,
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: actions[0]!.temporary_id,
    actions,
  }) as FlowDefinition
  return createFlow(company, { name: 'Catalog flow ' + ++seq, definition: def, status: 'live' })
}
async function profile(company = companyId) {
  const id = `P${++seq}c${company}`
  await db.profile.create({ data: { id, companyId: company, email: `${id.toLowerCase()}@example.test` } })
  return id
}
async function event(
  profileId: string,
  metric: string,
  props: Record<string, unknown>,
  when: Date,
  company = companyId,
) {
  const m = await getOrCreateMetric(company, metric)
  await db.event.create({
    data: {
      companyId: company,
      profileId,
      metricId: m.id,
      ts: Math.floor(when.getTime() / 1000),
      properties: JSON.stringify(props),
    },
  })
}
async function item(externalId: string, price: number, company = companyId) {
  return inWriteTx(() =>
    createItemOps(
      company,
      { externalId, title: `Item ${externalId}`, description: 'd', url: `https://shop.test/${externalId}`, price },
      T0,
    ),
  )
}
async function variant(itemId: string, externalId: string, inventoryQuantity: number, company = companyId) {
  return inWriteTx(() =>
    createVariantOps(
      company,
      {
        externalId,
        itemId,
        title: `Variant ${externalId}`,
        description: 'd',
        sku: externalId,
        price: 50,
        inventoryQuantity,
        url: 'https://shop.test/v',
      },
      T0,
    ),
  )
}
// Each test's flows stop taking entries after it (flows of one company all see every change).
afterEach(async () => {
  await db.flow.updateMany({ where: { companyId }, data: { archived: true } })
})
const runsOf = (flowId: string) => db.flowRun.findMany({ where: { flowId }, orderBy: { profileId: 'asc' } })
const sendsOf = (flowId: string) =>
  db.send.findMany({ where: { sourceType: 'flow_action_run', sourceId: { in: [] } } }).then(async () => {
    const runs = await runsOf(flowId)
    return db.send.findMany({
      where: { sourceType: 'flow_action_run', OR: runs.map((r) => ({ sourceId: { endsWith: `:${r.id}` } })) },
    })
  })

test('productIdsOf reads ProductID, $ProductID, product_id and Items[].ProductID', () => {
  expect(productIdsOf({ ProductID: 'A' })).toEqual(['A'])
  expect(productIdsOf({ $ProductID: 12 })).toEqual(['12'])
  expect(productIdsOf({ product_id: ' B ' })).toEqual(['B'])
  expect(productIdsOf({ Items: [{ ProductID: 'C' }, { ProductID: 'D' }, 'x', null] }).sort()).toEqual(['C', 'D'])
  expect(productIdsOf({ Title: 'none' })).toEqual([])
})

describe('price drop', () => {
  test.each([
    // unit, value, old → new, fires
    ['percent', 10, 100, 89, true],
    ['percent', 10, 100, 90, true],
    ['percent', 10, 100, 95, false],
    ['currency', 10, 100, 90, true],
    ['currency', 10, 100, 91, false],
    ['percent', 10, 100, 120, false],
  ])(
    '%s %d: %d → %d fires=%s, for the profiles who viewed or checked out within the lookback only',
    async (unit, value, oldPrice, newPrice, fires) => {
      const ext = `PD-${++seq}`
      const flowId = await flow(
        [
          {
            type: 'price-drop',
            trigger_filter: null,
            price_drop_amount_value: value,
            price_drop_amount_unit: unit,
            audience: ['viewed', 'checkout-started'],
            timeframe_days: 30,
          },
        ],
        [email('e')],
      )
      const itemId = await item(ext, oldPrice)
      const viewer = await profile()
      const checkout = await profile()
      const oldViewer = await profile()
      const carter = await profile()
      const otherItem = await profile()
      await event(viewer, 'Viewed Product', { ProductID: ext }, at(-2 * DAY))
      await event(checkout, 'Started Checkout', { Items: [{ ProductID: 'zzz' }, { ProductID: ext }] }, at(-5 * DAY))
      await event(oldViewer, 'Viewed Product', { ProductID: ext }, at(-40 * DAY))
      await event(carter, 'Added to Cart', { ProductID: ext }, at(-DAY))
      await event(otherItem, 'Viewed Product', { ProductID: ext + '0' }, at(-DAY))
      await inWriteTx(() => updateItemOps(companyId, itemId, { price: newPrice }, T0))
      const out = await processCatalogChanges({ now: T0, companyId })
      expect(out.processed).toBe(1)
      const runs = await runsOf(flowId)
      expect(runs.map((r) => r.profileId).sort()).toEqual(fires ? [viewer, checkout].sort() : [])
      await drainFlowRuns({ now: () => at(MIN) })
      expect(await sendsOf(flowId)).toHaveLength(fires ? 2 : 0)
      // The change is processed once: a second pass finds nothing.
      expect((await processCatalogChanges({ now: at(2 * MIN), companyId })).processed).toBe(0)
      expect((await db.catalogChange.findMany({ where: { itemId } })).every((c) => c.processedAt)).toBe(true)
    },
  )

  test('fires once per drop: the same change twice enters nobody twice; a further drop fires again', async () => {
    const ext = `PD-${++seq}`
    const flowId = await flow(
      [
        {
          type: 'price-drop',
          trigger_filter: null,
          price_drop_amount_value: 5,
          price_drop_amount_unit: 'percent',
          audience: ['viewed'],
          timeframe_days: 30,
        },
      ],
      [email('e')],
    )
    const itemId = await item(ext, 100)
    const p = await profile()
    await event(p, 'Viewed Product', { ProductID: ext }, at(-DAY))
    await inWriteTx(() => updateItemOps(companyId, itemId, { price: 80 }, T0))
    await processCatalogChanges({ now: T0, companyId })
    // Reprocessing the same change (its processedAt cleared as if a worker died after commit) enters nobody again.
    await db.catalogChange.updateMany({ where: { itemId }, data: { processedAt: null } })
    await processCatalogChanges({ now: at(MIN), companyId })
    expect(await runsOf(flowId)).toHaveLength(1)
    await inWriteTx(() => updateItemOps(companyId, itemId, { price: 70 }, at(DAY)))
    await processCatalogChanges({ now: at(DAY), companyId })
    expect(await runsOf(flowId)).toHaveLength(2)
    await drainFlowRuns({ now: () => at(DAY + MIN) })
    expect(await sendsOf(flowId)).toHaveLength(2)
    const reactions = await db.catalogChangeReaction.findMany({
      where: { itemId, kind: 'price_drop' },
      orderBy: { id: 'asc' },
    })
    expect(reactions.map((r) => [r.oldValue, r.newValue, r.interested])).toEqual([
      [100, 80, 1],
      [80, 70, 1],
    ])
  })

  test('another company: its views and flows are not touched', async () => {
    const ext = `PD-${++seq}`
    const mine = await flow(
      [
        {
          type: 'price-drop',
          trigger_filter: null,
          price_drop_amount_value: 1,
          price_drop_amount_unit: 'percent',
          audience: ['viewed'],
          timeframe_days: 30,
        },
      ],
      [email('e')],
    )
    const itemId = await item(ext, 100)
    const theirProfile = await profile(otherCompany)
    await event(theirProfile, 'Viewed Product', { ProductID: ext }, at(-DAY), otherCompany)
    await item(ext, 100, otherCompany)
    await inWriteTx(() => updateItemOps(companyId, itemId, { price: 50 }, T0))
    await processCatalogChanges({ now: T0 })
    expect(await runsOf(mine)).toHaveLength(0)
    expect(await db.flowRun.count({ where: { companyId: otherCompany } })).toBe(0)
  })
})

test("through the queue: the store's catalog.changes job runs the reaction and marks the change processed", async () => {
  const ext = `PD-${++seq}`
  const flowId = await flow(
    [
      {
        type: 'price-drop',
        trigger_filter: null,
        price_drop_amount_value: 1,
        price_drop_amount_unit: 'percent',
        audience: ['viewed'],
        timeframe_days: 3650,
      },
    ],
    [email('e')],
  )
  const itemId = await item(ext, 100)
  const p = await profile()
  await event(p, 'Viewed Product', { ProductID: ext }, new Date(Date.now() - 60_000))
  await inWriteTx(() => updateItemOps(companyId, itemId, { price: 90 }, new Date()))
  await runJobsUntilIdle()
  expect((await db.catalogChange.findMany({ where: { itemId } })).map((c) => c.processedAt != null)).toEqual([true])
  expect((await runsOf(flowId)).map((r) => r.profileId)).toEqual([p])
})

describe('low inventory', () => {
  test('variant level: fires when the level crosses to or under the threshold, again after it recovered', async () => {
    const ext = `LI-${++seq}`
    const flowId = await flow(
      [
        {
          type: 'low-inventory',
          product_level: 'variant',
          trigger_filter: null,
          inventory_count: 5,
          audience: ['viewed', 'added-to-cart'],
          timeframe_days: 14,
        },
      ],
      [email('e')],
    )
    const itemId = await item(ext, 100)
    const variantId = await variant(itemId, `${ext}-v`, 10)
    const p = await profile()
    await event(p, 'Added to Cart', { ProductID: ext }, at(-DAY))
    const steps: Array<[number, number]> = [
      [6, 0],
      [4, 1],
      [3, 1],
      [8, 1],
      [2, 2],
      [5, 2],
    ]
    let t = 0
    for (const [level, expected] of steps) {
      t += DAY / 4
      await inWriteTx(() => updateVariantOps(companyId, variantId, { inventoryQuantity: level }, at(t)))
      await processCatalogChanges({ now: at(t), companyId })
      expect([level, (await runsOf(flowId)).length]).toEqual([level, expected])
    }
    await drainFlowRuns({ now: () => at(2 * DAY) })
    expect(await sendsOf(flowId)).toHaveLength(2)
  })

  test("product level: the item's variants summed", async () => {
    const ext = `LI-${++seq}`
    const flowId = await flow(
      [
        {
          type: 'low-inventory',
          product_level: 'product',
          trigger_filter: null,
          inventory_count: 10,
          audience: ['viewed'],
          timeframe_days: 30,
        },
      ],
      [email('e')],
    )
    const itemId = await item(ext, 100)
    const a = await variant(itemId, `${ext}-a`, 8)
    await variant(itemId, `${ext}-b`, 8)
    const p = await profile()
    await event(p, 'Viewed Product', { $ProductID: ext }, at(-DAY))
    await inWriteTx(() => updateVariantOps(companyId, a, { inventoryQuantity: 4 }, T0)) // 16 → 12: still above
    await processCatalogChanges({ now: T0, companyId })
    expect(await runsOf(flowId)).toHaveLength(0)
    await inWriteTx(() => updateVariantOps(companyId, a, { inventoryQuantity: 1 }, at(MIN))) // 12 → 9: crosses
    await processCatalogChanges({ now: at(MIN), companyId })
    expect(await runsOf(flowId)).toHaveLength(1)
  })
})

describe('back in stock', () => {
  // Metric-triggered flows take events from when they went live: this block's clock starts now.
  const B = new Date(Math.ceil(Date.now() / MIN) * MIN + MIN)
  const at = (ms: number) => new Date(B.getTime() + ms)
  const T0 = B
  test('subscribers wait; inventory crossing the threshold releases them in batches until stock runs low; each is sent once', async () => {
    await saveBisSettings(companyId, { inventoryThreshold: 2, batchSize: 2, batchIntervalMinutes: 15 })
    const metric = await getOrCreateMetric(companyId, BACK_IN_STOCK_METRIC)
    const flowId = await flow(
      [{ type: 'metric', id: metric.id, trigger_filter: null }],
      [{ temporary_id: 'w', type: 'back-in-stock-delay', links: { next: 'e' }, data: null }, email('e')],
    )
    const ext = `BIS-${++seq}`
    const itemId = await item(ext, 100)
    const variantId = await variant(itemId, `${ext}-v`, 0)
    const emails = Array.from({ length: 5 }, (_, i) => `bis${seq}-${i}@example.test`)
    for (const [i, e] of emails.entries()) {
      await subscribeBackInStock(companyId, {
        variantId,
        profile: { email: e },
        channels: ['EMAIL'],
        source: 'api',
        now: at(i * MIN),
      })
    }
    // A repeat keeps one open subscription.
    await subscribeBackInStock(companyId, {
      variantId,
      profile: { email: emails[0] },
      channels: ['EMAIL', 'SMS'],
      source: 'client',
      now: at(6 * MIN),
    })
    expect(await db.backInStockSubscription.count({ where: { companyId, variantId } })).toBe(5)
    const runs = await runsOf(flowId)
    expect(runs).toHaveLength(5)
    await drainFlowRuns({ now: () => at(10 * MIN) })
    // Parked: asleep with no current action, nothing sent.
    for (const r of await runsOf(flowId)) expect(r).toMatchObject({ status: 'active', currentActionId: null })
    expect(await sendsOf(flowId)).toHaveLength(0)

    // 0 → 2: not above the threshold of 2 → nothing.
    await inWriteTx(() => updateVariantOps(companyId, variantId, { inventoryQuantity: 2 }, at(20 * MIN)))
    expect((await processCatalogChanges({ now: at(20 * MIN), companyId })).released).toBe(0)
    // 2 → 10: crosses → a release is queued.
    await inWriteTx(() => updateVariantOps(companyId, variantId, { inventoryQuantity: 10 }, at(30 * MIN)))
    expect((await processCatalogChanges({ now: at(30 * MIN), companyId })).released).toBe(1)
    expect((await queuedJobs({ companyId, type: BIS_RELEASE_JOB })).length).toBeGreaterThanOrEqual(1)

    const b1 = await runRelease({ companyId, variantId }, at(30 * MIN))
    expect(b1).toMatchObject({ woken: 2, more: true })
    expect(b1.nextAt?.toISOString()).toBe(at(45 * MIN).toISOString())
    const due = (await queuedJobs({ companyId, type: BIS_RELEASE_JOB })).map((j) => j.runAt.toISOString())
    expect(due).toContain(at(45 * MIN).toISOString())
    await drainFlowRuns({ now: () => at(31 * MIN) })
    expect(await sendsOf(flowId)).toHaveLength(2)

    const b2 = await runRelease({ companyId, variantId }, at(45 * MIN))
    expect(b2).toMatchObject({ woken: 2, more: true })
    await drainFlowRuns({ now: () => at(46 * MIN) })
    expect(await sendsOf(flowId)).toHaveLength(4)

    // Stock runs low before the third batch: it stops; the last subscriber waits.
    await inWriteTx(() => updateVariantOps(companyId, variantId, { inventoryQuantity: 1 }, at(50 * MIN)))
    await processCatalogChanges({ now: at(50 * MIN), companyId })
    const b3 = await runRelease({ companyId, variantId }, at(60 * MIN))
    expect(b3).toMatchObject({ notified: [], stopped: 'low_stock' })
    await drainFlowRuns({ now: () => at(61 * MIN) })
    expect(await sendsOf(flowId)).toHaveLength(4)

    // Back again: the last one is released; a retried batch sends nobody twice.
    await inWriteTx(() => updateVariantOps(companyId, variantId, { inventoryQuantity: 7 }, at(DAY)))
    await processCatalogChanges({ now: at(DAY), companyId })
    expect((await runRelease({ companyId, variantId }, at(DAY))).notified).toHaveLength(1)
    expect((await runRelease({ companyId, variantId }, at(DAY))).notified).toHaveLength(0)
    await drainFlowRuns({ now: () => at(DAY + MIN) })
    const sends = await sendsOf(flowId)
    expect(sends).toHaveLength(5)
    expect(new Set(sends.map((s) => s.profileId)).size).toBe(5)
    for (const r of await runsOf(flowId)) expect(r.status).toBe('completed')
  })

  test('a run never released completes after the wait without sending', async () => {
    const metric = await getOrCreateMetric(companyId, BACK_IN_STOCK_METRIC)
    const flowId = await flow(
      [{ type: 'metric', id: metric.id, trigger_filter: null }],
      [{ temporary_id: 'w', type: 'back-in-stock-delay', links: { next: 'e' }, data: null }, email('e')],
    )
    const ext = `BIS-${++seq}`
    const variantId = await variant(await item(ext, 10), `${ext}-v`, 0)
    await subscribeBackInStock(companyId, {
      variantId,
      profile: { email: `never${seq}@example.test` },
      channels: ['EMAIL'],
      source: 'api',
      now: T0,
    })
    await drainFlowRuns({ now: () => at(MIN) })
    await drainFlowRuns({ now: () => at(366 * DAY) })
    const runs = await runsOf(flowId)
    expect(runs.map((r) => r.status)).toEqual(['completed'])
    expect(await sendsOf(flowId)).toHaveLength(0)
  })

  test("subscribing to another company's variant is refused", async () => {
    const ext = `BIS-${++seq}`
    const theirs = await variant(await item(ext, 10, otherCompany), `${ext}-v`, 0, otherCompany)
    await expect(
      subscribeBackInStock(companyId, {
        variantId: theirs,
        profile: { email: 'x@example.test' },
        channels: ['EMAIL'],
        source: 'api',
      }),
    ).rejects.toMatchObject({ status: 400 })
    expect(await db.backInStockSubscription.count({ where: { variantId: theirs } })).toBe(0)
  })
})
