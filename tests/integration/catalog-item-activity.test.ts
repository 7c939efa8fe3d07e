/** @jest-environment node */
// The catalog item page's activity and subscribers (lib/catalog/item-activity.ts) over real rows:
// store events that name the item (top level or in Items[]) within 30 days, counted by metric
// with their people, the latest first; an id that merely contains the item's id, an older event and
// another company's event are not counted; back-in-stock subscribers waiting and notified, this
// company's only.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { itemActivity } from '@/lib/catalog/item-activity'
import { makeCompany } from '../helpers/factory'

const NOW = new Date(Date.UTC(2026, 10, 20, 12))
const sec = (daysAgo: number) => Math.floor(NOW.getTime() / 1000) - daysAgo * 86400
let a: number
let b: number

async function setup(companyId: number, tag: string) {
  await db.profile.createMany({
    data: ['p1', 'p2', 'p3'].map((p) => ({ id: `${p}-${tag}`, companyId, email: `${p}-${tag}@x.test` })),
  })
  await db.catalogItem.create({ data: { id: `item-${tag}`, companyId, externalId: 'SKU-1', title: 'Trail mug' } })
  await db.catalogVariant.create({
    data: {
      id: `var-${tag}`,
      companyId,
      itemId: `item-${tag}`,
      externalId: 'SKU-1-a',
      title: 'Trail mug / blue',
      sku: 'SKU-1-a',
      price: 19,
    },
  })
  const metric = async (name: string) =>
    (await db.metric.create({ data: { id: `${name.replace(/\W/g, '')}-${tag}`, companyId, name } })).id
  return {
    viewed: await metric('Viewed Product'),
    placed: await metric('Placed Order'),
    cart: await metric('Added to Cart'),
  }
}

beforeAll(async () => {
  a = (await makeCompany('Activity A')).id
  b = (await makeCompany('Activity B')).id
  const m = await setup(a, 'a')
  const mb = await setup(b, 'b')
  const ev = (
    companyId: number,
    profileId: string,
    metricId: string,
    daysAgo: number,
    properties: unknown,
    value?: number,
  ) =>
    db.event.create({
      data: { companyId, profileId, metricId, ts: sec(daysAgo), properties: JSON.stringify(properties), value },
    })
  await ev(a, 'p1-a', m.viewed, 5, { ProductID: 'SKU-1', ProductName: 'Trail mug' })
  await ev(a, 'p1-a', m.viewed, 4, { ProductID: 'SKU-1' })
  await ev(a, 'p2-a', m.viewed, 3, { ProductID: 'SKU-1' })
  await ev(a, 'p2-a', m.placed, 1, { Items: [{ ProductID: 'SKU-9' }, { ProductID: 'SKU-1' }] }, 38)
  await ev(a, 'p3-a', m.viewed, 2, { ProductID: 'SKU-10' }) // contains "SKU-1" but is another product
  await ev(a, 'p3-a', m.cart, 45, { ProductID: 'SKU-1' }) // older than 30 days
  await ev(b, 'p1-b', mb.viewed, 1, { ProductID: 'SKU-1' }) // another company
  await db.backInStockSubscription.create({
    data: {
      id: 'bis1',
      companyId: a,
      profileId: 'p1-a',
      variantId: 'var-a',
      itemId: 'item-a',
      channels: '["EMAIL"]',
      source: 'client',
      createdAt: new Date(sec(6) * 1000),
    },
  })
  await db.backInStockSubscription.create({
    data: {
      id: 'bis2',
      companyId: a,
      profileId: 'p2-a',
      variantId: 'var-a',
      itemId: 'item-a',
      channels: '["EMAIL","SMS"]',
      source: 'api',
      notifiedAt: new Date(sec(1) * 1000),
      createdAt: new Date(sec(5) * 1000),
    },
  })
  await db.backInStockSubscription.create({
    data: {
      id: 'bis3',
      companyId: b,
      profileId: 'p1-b',
      variantId: 'var-b',
      itemId: 'item-b',
      channels: '["EMAIL"]',
      source: 'client',
    },
  })
})

test('events naming the item in the last 30 days, by metric with their people, the latest first', async () => {
  const r = await itemActivity(a, { id: 'item-a', externalId: 'SKU-1' }, NOW)
  expect(r.byMetric).toEqual([
    { metric: 'Viewed Product', events: 3, people: 2 },
    { metric: 'Placed Order', events: 1, people: 1 },
  ])
  expect(r.recent.map((x) => [x.email, x.metric, x.value])).toEqual([
    ['p2-a@x.test', 'Placed Order', 38],
    ['p2-a@x.test', 'Viewed Product', null],
    ['p1-a@x.test', 'Viewed Product', null],
    ['p1-a@x.test', 'Viewed Product', null],
  ])
  expect(r.capped).toBe(false)
})

test('back-in-stock subscribers, waiting and notified, newest first; this company only', async () => {
  const r = await itemActivity(a, { id: 'item-a', externalId: 'SKU-1' }, NOW)
  expect(r.subscribers).toMatchObject({ waiting: 1, notified: 1 })
  expect(r.subscribers.latest.map((s) => [s.email, s.variantTitle, s.channels, s.notifiedAt !== null])).toEqual([
    ['p2-a@x.test', 'Trail mug / blue', ['EMAIL', 'SMS'], true],
    ['p1-a@x.test', 'Trail mug / blue', ['EMAIL'], false],
  ])
  const other = await itemActivity(b, { id: 'item-a', externalId: 'SKU-1' }, NOW)
  expect(other.subscribers).toMatchObject({ waiting: 0, notified: 0, latest: [] })
  expect(other.byMetric).toEqual([{ metric: 'Viewed Product', events: 1, people: 1 }])
})
