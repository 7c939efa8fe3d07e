/** @jest-environment node */
// Catalog reports over /ajax on a real database: price drop (drops, profiles entered, sends),
// low inventory for a flow with its activity report (daterange + granularity), back in stock
// (subscriptions, notified, waiting, conversions), scheduled reports add/edit/delete/send (an
// account mail per account user, once per period), bad input (success:false), another company.
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
import { subscribeBackInStock } from '@/lib/catalog/back-in-stock/subscribe'
import { runRelease } from '@/lib/catalog/back-in-stock/release'
import { sendDueReports } from '@/lib/catalog/reports/scheduled-reports'
import { setMailer, type MailMessage } from '@/lib/mail/mailer'
import * as priceDropRoute from '@/app/ajax/catalog/reports/price-drop/route'
import * as lowRoute from '@/app/ajax/catalog/reports/low-inventory/[id]/route'
import * as activityRoute from '@/app/ajax/catalog/reports/low-inventory/[id]/activity/route'
import * as bisRoute from '@/app/ajax/catalog/reports/back-in-stock/route'
import * as bisSubsRoute from '@/app/ajax/catalog/back-in-stock/subscriptions/route'
import * as reportsRoute from '@/app/ajax/catalog/scheduled-reports/route'
import * as reportRoute from '@/app/ajax/catalog/scheduled-reports/[id]/route'
import * as sendRoute from '@/app/ajax/catalog/scheduled-reports/[id]/send/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let a: number
let b: number
let cookieA: string
let cookieB: string
let lowFlow: string
const NOW = new Date()
const day = NOW.toISOString().slice(0, 10)
const MIN = 60_000

const email = (t: string) => ({
  temporary_id: t,
  type: 'send-email',
  links: { next: null },
  data: {
    status: 'live',
    message: { subject_line: 'S', from_email: 'shop@example.test', from_label: 'Shop', template_id: 'TplRep' },
  },
})
async function flow(trigger: unknown, actions: unknown[] = [email('e')]) {
  const def = flowDefinition.parse({
    triggers: [trigger],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: (actions[0] as { temporary_id: string }).temporary_id,
    actions,
  }) as FlowDefinition
  return createFlow(a, { name: 'Flow ' + Math.random().toString(36).slice(2, 6), definition: def, status: 'live' })
}
const get = async (route: { GET: unknown }, path: string, cookie = cookieA, p?: Record<string, string>) => {
  const res = await (route.GET as (r: Request, c?: unknown) => Promise<Response>)(
    ajaxRequest(path, { cookie }),
    p ? params(p) : undefined,
  )
  return { status: res.status, json: await res.json() }
}

beforeAll(async () => {
  await prepareCatalogWrite()
  a = (await makeCompany('Reports A')).id
  b = (await makeCompany('Reports B')).id
  const ua = await makeUser({ companyId: a, role: 'owner', email: 'owner-a@example.test' })
  await makeUser({ companyId: a, role: 'manager', email: 'manager-a@example.test' })
  const ub = await makeUser({ companyId: b, role: 'owner', email: 'owner-b@example.test' })
  cookieA = await signIn(ua.id, a)
  cookieB = await signIn(ub.id, b)
  await db.template.create({
    data: {
      id: 'TplRep',
      companyId: a,
      name: 'T',
      editorType: 'CODE',
      html: '<p>x</p>',
      compiledHtml: '<p>x</p>',
      compiledText: 'x',
    },
  })
  // Two viewers of the item; a price drop and a low-inventory crossing for them.
  const viewed = await getOrCreateMetric(a, 'Viewed Product')
  for (const id of ['PA', 'PB']) {
    await db.profile.create({ data: { id, companyId: a, email: `${id.toLowerCase()}@example.test` } })
    await db.event.create({
      data: {
        companyId: a,
        profileId: id,
        metricId: viewed.id,
        ts: Math.floor(NOW.getTime() / 1000) - 3600,
        properties: JSON.stringify({ ProductID: 'LAMP' }),
      },
    })
  }
  await flow({
    type: 'price-drop',
    trigger_filter: null,
    price_drop_amount_value: 5,
    price_drop_amount_unit: 'percent',
    audience: ['viewed'],
    timeframe_days: 30,
  })
  lowFlow = await flow({
    type: 'low-inventory',
    product_level: 'variant',
    trigger_filter: null,
    inventory_count: 3,
    audience: ['viewed'],
    timeframe_days: 30,
  })
  const itemId = await inWriteTx(() =>
    createItemOps(
      a,
      { externalId: 'LAMP', title: 'Desk lamp', description: 'd', url: 'https://shop.test/lamp', price: 50 },
      NOW,
    ),
  )
  const variantId = await inWriteTx(() =>
    createVariantOps(
      a,
      {
        externalId: 'LAMP-1',
        itemId,
        title: 'Lamp',
        description: 'd',
        sku: 'LAMP-1',
        price: 50,
        inventoryQuantity: 10,
        url: '',
      },
      NOW,
    ),
  )
  await inWriteTx(() => updateItemOps(a, itemId, { price: 40 }, NOW))
  await inWriteTx(() => updateVariantOps(a, variantId, { inventoryQuantity: 2 }, NOW))
  await processCatalogChanges({ now: NOW, companyId: a })
  await drainFlowRuns({ now: () => new Date(NOW.getTime() + MIN) })
  // Back in stock: two subscribers, one released, and it bought the lamp after.
  const bisVariant = await inWriteTx(() =>
    createVariantOps(
      a,
      {
        externalId: 'LAMP-2',
        itemId,
        title: 'Lamp XL',
        description: 'd',
        sku: 'LAMP-2',
        price: 60,
        inventoryQuantity: 0,
        url: '',
      },
      NOW,
    ),
  )
  await subscribeBackInStock(a, {
    variantId: bisVariant,
    profile: { email: 'pa@example.test' },
    channels: ['EMAIL'],
    source: 'api',
    now: NOW,
  })
  await subscribeBackInStock(a, {
    variantId: bisVariant,
    profile: { email: 'pb@example.test' },
    channels: ['EMAIL'],
    source: 'api',
    now: new Date(NOW.getTime() + 1000),
  })
  await db.backInStockSettings.create({
    data: { companyId: a, inventoryThreshold: 0, batchSize: 1, batchIntervalMinutes: 15 },
  })
  await inWriteTx(() => updateVariantOps(a, bisVariant, { inventoryQuantity: 5 }, NOW))
  await processCatalogChanges({ now: NOW, companyId: a })
  await runRelease({ companyId: a, variantId: bisVariant }, NOW)
  const placed = await getOrCreateMetric(a, 'Placed Order')
  await db.event.create({
    data: {
      companyId: a,
      profileId: 'PA',
      metricId: placed.id,
      ts: Math.floor(NOW.getTime() / 1000) + 60,
      value: 60,
      properties: JSON.stringify({ Items: [{ ProductID: 'LAMP' }] }),
    },
  })
})

test('price drop report: the drop, the profiles it entered and the messages queued', async () => {
  const r = await get(priceDropRoute, `/ajax/catalog/reports/price-drop?daterange=${day}:${day}`)
  expect(r.status).toBe(200)
  expect(r.json.totals).toEqual({ drops: 1, profilesEntered: 2, sends: 2 })
  expect(r.json.drops[0]).toMatchObject({
    title: 'Desk lamp',
    oldPrice: 50,
    newPrice: 40,
    profilesEntered: 2,
    sends: 2,
  })
  expect((await get(priceDropRoute, '/ajax/catalog/reports/price-drop', cookieB)).json.totals).toEqual({
    drops: 0,
    profilesEntered: 0,
    sends: 0,
  })
  const bad = await get(priceDropRoute, '/ajax/catalog/reports/price-drop?daterange=2026-13-01:2026-01-01')
  expect(bad.status).toBe(400)
  expect(bad.json).toMatchObject({ success: false, fieldErrors: { daterange: [expect.any(String)] } })
})

test('low inventory report and activity by day and week; another company gets 404', async () => {
  const r = await get(lowRoute, `/ajax/catalog/reports/low-inventory/${lowFlow}?daterange=last_7_days`, cookieA, {
    id: lowFlow,
  })
  expect(r.json).toMatchObject({ success: true, totals: { occurrences: 1, profilesEntered: 2, sends: 2 } })
  expect(r.json.items[0]).toMatchObject({ title: 'Desk lamp', inventory: 2, profilesEntered: 2 })
  const act = await get(
    activityRoute,
    `/ajax/catalog/reports/low-inventory/${lowFlow}/activity?daterange=last_7_days&granularity=day`,
    cookieA,
    { id: lowFlow },
  )
  expect(act.json.buckets).toHaveLength(7)
  expect(act.json.buckets.reduce((n: number, x: { entered: number }) => n + x.entered, 0)).toBe(2)
  expect(act.json.buckets.at(-1)).toMatchObject({ start: `${day}T00:00:00.000Z`, entered: 2, sends: 2 })
  const weeks = await get(
    activityRoute,
    `/ajax/catalog/reports/low-inventory/${lowFlow}/activity?daterange=last_30_days&granularity=week`,
    cookieA,
    { id: lowFlow },
  )
  expect(weeks.json.granularity).toBe('week')
  expect(weeks.json.buckets.reduce((n: number, x: { sends: number }) => n + x.sends, 0)).toBe(2)
  const other = await get(lowRoute, `/ajax/catalog/reports/low-inventory/${lowFlow}`, cookieB, { id: lowFlow })
  expect(other.status).toBe(404)
  expect(other.json.success).toBe(false)
})

test('back-in-stock report: subscriptions, notified, waiting, conversions; subscriptions list', async () => {
  const r = await get(bisRoute, '/ajax/catalog/reports/back-in-stock?daterange=last_7_days')
  expect(r.json.totals).toEqual({ subscriptions: 2, notified: 1, pending: 1, conversions: 1, revenue: 60 })
  expect(r.json.variants[0]).toMatchObject({ sku: 'LAMP-2', subscriptions: 2, notified: 1, pending: 1, conversions: 1 })
  const subs = await get(bisSubsRoute, '/ajax/catalog/back-in-stock/subscriptions')
  expect(subs.json.subscriptions.map((s: { email: string }) => s.email).sort()).toEqual([
    'pa@example.test',
    'pb@example.test',
  ])
  expect((await get(bisSubsRoute, '/ajax/catalog/back-in-stock/subscriptions', cookieB)).json.subscriptions).toEqual([])
})

test('scheduled reports: add (bad input refused), list, edit, send to every account user once per period, delete; per company', async () => {
  const post = async (
    route: { POST: unknown },
    path: string,
    body: unknown,
    cookie = cookieA,
    p?: Record<string, string>,
  ) => {
    const res = await (route.POST as (r: Request, c?: unknown) => Promise<Response>)(
      ajaxRequest(path, { method: 'POST', cookie, body }),
      p ? params(p) : undefined,
    )
    return { status: res.status, json: await res.json() }
  }
  const bad = await post(reportsRoute, '/ajax/catalog/scheduled-reports', {
    name: '',
    kind: 'low_inventory',
    frequency: 'hourly',
  })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['flowId', 'frequency', 'name'])
  const added = await post(reportsRoute, '/ajax/catalog/scheduled-reports', {
    name: 'Weekly drops',
    kind: 'price_drop',
    frequency: 'weekly',
  })
  expect(added.json).toMatchObject({
    success: true,
    report: { name: 'Weekly drops', kind: 'price_drop', frequency: 'weekly' },
  })
  const id = added.json.report.id
  const edited = await post(
    reportRoute,
    `/ajax/catalog/scheduled-reports/${id}`,
    { name: 'Daily drops', kind: 'price_drop', frequency: 'daily' },
    cookieA,
    { id },
  )
  expect(edited.json.report).toMatchObject({ name: 'Daily drops', frequency: 'daily' })
  expect(
    (
      await post(
        reportRoute,
        `/ajax/catalog/scheduled-reports/${id}`,
        { name: 'x', kind: 'price_drop', frequency: 'daily' },
        cookieB,
        { id },
      )
    ).status,
  ).toBe(404)
  expect((await get(reportsRoute, '/ajax/catalog/scheduled-reports', cookieB)).json.reports).toEqual([])

  const mails: MailMessage[] = []
  setMailer({
    send: async (m) => {
      mails.push(m)
    },
  })
  const sent = await post(sendRoute, `/ajax/catalog/scheduled-reports/${id}/send`, {}, cookieA, { id })
  expect(sent.json).toMatchObject({
    success: true,
    sent: 2,
    recipients: ['manager-a@example.test', 'owner-a@example.test'],
  })
  expect(mails.map((m) => m.to)).toEqual(['manager-a@example.test', 'owner-a@example.test'])
  expect(mails.every((m) => m.subject === 'Price drop report: Daily drops')).toBe(true)
  expect(mails[0]!.html).toContain('Profiles entered')
  // The job run twice for one due period mails each user once.
  const row = await db.catalogScheduledReport.findUniqueOrThrow({ where: { id } })
  mails.length = 0
  // The job sends the due ones and moves nextSendAt on.
  const due = new Date(row.nextSendAt!.getTime() + 1000)
  expect(await Promise.all([sendDueReports(due), sendDueReports(due)])).toEqual(expect.arrayContaining([0, 1]))
  expect(mails).toHaveLength(2)
  setMailer(null)
  expect((await db.catalogScheduledReport.findUniqueOrThrow({ where: { id } })).nextSendAt!.getTime()).toBeGreaterThan(
    row.nextSendAt!.getTime(),
  )

  const del = await (reportRoute.DELETE as (r: Request, c: unknown) => Promise<Response>)(
    ajaxRequest(`/ajax/catalog/scheduled-reports/${id}`, { method: 'DELETE', cookie: cookieB }),
    params({ id }),
  )
  expect(del.status).toBe(404)
  const ok = await (reportRoute.DELETE as (r: Request, c: unknown) => Promise<Response>)(
    ajaxRequest(`/ajax/catalog/scheduled-reports/${id}`, { method: 'DELETE', cookie: cookieA }),
    params({ id }),
  )
  expect(ok.status).toBe(200)
  expect(await db.catalogScheduledReport.count({ where: { id } })).toBe(0)
})
