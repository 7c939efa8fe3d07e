/** @jest-environment node */
// Issue 21 §3, §7: the app directory's statuses come from the company's own rows (connections,
// uploads, the drop folder, webhooks, OAuth apps), has-ecommerce-integration answers from a
// connected store, and the demo connections open with their documented webhook secrets.
import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { connectionCredentials, saveConnection } from '@/lib/integrations/connections'
import { DIRECTORY, listDirectory } from '@/lib/integrations/directory'
import { seedDemoIntegrations } from '@/lib/seed/seed-demo-integrations'
import * as directory from '@/app/ajax/integrations/directory/route'
import * as hasEcommerce from '@/app/ajax/catalog/has-ecommerce-integration/route'
import { POST as shopifyWebhook } from '@/app/webhooks/shopify/route'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

async function account() {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role: 'owner' })
  return { companyId: c.id, cookie: await signIn(u.id, c.id) }
}

const byId = (items: Awaited<ReturnType<typeof listDirectory>>) => Object.fromEntries(items.map((i) => [i.id, i]))

test('the directory lists every entry, and a new account has nothing installed', async () => {
  const a = await account()
  const res = await directory.GET(ajaxRequest('/ajax/integrations/directory', { cookie: a.cookie }))
  const body = await res.json()
  expect(body.apps.map((x: { id: string }) => x.id)).toEqual([
    'shopify',
    'woocommerce',
    'csv-upload',
    'sftp',
    'webhooks',
    'developer-apps',
  ])
  expect(body.apps.every((x: { installed: boolean }) => !x.installed)).toBe(true)
  expect(DIRECTORY.find((e) => e.id === 'shopify')!.installPath).toBe('/integration/shopify')
})

test('statuses: connections with their last sync and error (the worst status wins), uploads, drop folder, webhooks, apps; company scoped', async () => {
  const a = await account()
  const b = await account()
  const s1 = await saveConnection({
    companyId: a.companyId,
    key: 'shopify',
    externalKey: 'one.myshopify.com',
    credentials: { accessToken: 't' },
  })
  const s2 = await saveConnection({
    companyId: a.companyId,
    key: 'shopify',
    externalKey: 'two.myshopify.com',
    credentials: { accessToken: 't' },
  })
  await db.integration.update({ where: { id: s1.id }, data: { lastSyncAt: new Date('2026-01-02T00:00:00Z') } })
  await db.integration.update({
    where: { id: s2.id },
    data: { status: 'error', lastError: 'Access token revoked', lastErrorAt: new Date('2026-01-03T00:00:00Z') },
  })
  await db.eventImport.create({
    data: {
      id: 'imp-a',
      companyId: a.companyId,
      source: 'upload',
      fileName: 'x.csv',
      status: 'complete',
      finishedAt: new Date('2026-01-04T00:00:00Z'),
    },
  })
  await db.webhook.create({
    data: { id: 'wh-a', companyId: a.companyId, name: 'w', endpointUrl: 'https://example.com/h', secretSealed: 'x' },
  })
  await saveConnection({
    companyId: b.companyId,
    key: 'woocommerce',
    externalKey: 'https://b.example',
    credentials: {},
  })

  const mine = byId(await listDirectory(a.companyId))
  expect(mine.shopify).toMatchObject({
    installed: true,
    status: 'error',
    connections: 2,
    lastSyncAt: '2026-01-02T00:00:00.000Z',
    lastError: 'Access token revoked',
    lastErrorAt: '2026-01-03T00:00:00.000Z',
  })
  expect(mine.woocommerce).toMatchObject({ installed: false, status: null })
  expect(mine['csv-upload']).toMatchObject({ installed: true, lastSyncAt: '2026-01-04T00:00:00.000Z' })
  expect(mine.webhooks).toMatchObject({ installed: true, connections: 1 })
  expect(mine['developer-apps']).toMatchObject({ installed: false })
  const theirs = byId(await listDirectory(b.companyId))
  expect(theirs.woocommerce).toMatchObject({ installed: true, status: 'connected' })
  expect(theirs.shopify.installed).toBe(false)
  expect(theirs.webhooks.installed).toBe(false)
})

test('has-ecommerce-integration answers from a connected store, not from a disconnected one', async () => {
  const a = await account()
  const ask = async () =>
    (
      await (
        await hasEcommerce.GET(ajaxRequest('/ajax/catalog/has-ecommerce-integration', { cookie: a.cookie }))
      ).json()
    ).hasEcommerceIntegration
  expect(await ask()).toBe(false)
  const c = await saveConnection({
    companyId: a.companyId,
    key: 'woocommerce',
    externalKey: 'https://shop.example',
    credentials: {},
  })
  expect(await ask()).toBe(true)
  await db.integration.update({ where: { id: c.id }, data: { status: 'disconnected' } })
  expect(await ask()).toBe(false)
})

test('the demo connections: test shops with the documented secrets, sealed at rest', async () => {
  const a = await account()
  const { shopifyId, woocommerceId } = await seedDemoIntegrations(a.companyId)
  const rows = await db.integration.findMany({ where: { companyId: a.companyId }, orderBy: { key: 'asc' } })
  expect(rows.map((r) => [r.key, r.externalKey, r.status, r.isTest])).toEqual([
    ['shopify', 'demo-store.myshopify.com', 'connected', true],
    ['woocommerce', 'http://demo-woo.test', 'connected', true],
  ])
  expect(rows.some((r) => r.credentials.includes('demo-'))).toBe(false)
  expect(await connectionCredentials(a.companyId, shopifyId)).toMatchObject({
    accessToken: 'demo',
    webhookSecret: 'demo-shopify-secret',
  })
  expect(await connectionCredentials(a.companyId, woocommerceId)).toMatchObject({ webhookSecret: 'demo-woo-secret' })
  expect(byId(await listDirectory(a.companyId)).shopify).toMatchObject({ installed: true, isTest: true })
})

test('the signed Shopify sample of docs/integrations.md, sent to the demo shop, becomes a Placed Order', async () => {
  const a = await account()
  // A shop belongs to one account: the earlier demo test's connections make way.
  await db.integration.deleteMany({
    where: { externalKey: { in: ['demo-store.myshopify.com', 'http://demo-woo.test'] } },
  })
  await seedDemoIntegrations(a.companyId)
  const doc = fs.readFileSync(path.join(__dirname, '../../docs/integrations.md'), 'utf8')
  const body = /BODY='([^']+)'/.exec(doc.slice(doc.indexOf('## A signed Shopify order')))![1]!
  const headers = {
    'content-type': 'application/json',
    'x-shopify-topic': 'orders/create',
    'x-shopify-shop-domain': 'demo-store.myshopify.com',
    'x-shopify-webhook-id': 'demo-1',
    'x-shopify-hmac-sha256': createHmac('sha256', 'demo-shopify-secret').update(body).digest('base64'),
  }
  const res = await shopifyWebhook(new Request('http://localhost/webhooks/shopify', { method: 'POST', headers, body }))
  expect(res.status).toBe(200)
  await runJobsUntilIdle()
  const events = await db.event.findMany({
    where: { companyId: a.companyId, metric: { name: 'Placed Order' } },
    include: { profile: true },
  })
  expect(events.map((e) => [e.profile.email, e.value])).toEqual([['jon@example.com', 59]])
})
