/** @jest-environment node */
// Kill test (issue 21 §5: "never doubles an order"): a worker process claims a Shopify
// orders/create delivery, ingests the order and is killed with SIGKILL before it marks the
// delivery or completes its job. A fresh worker process takes the job over once the dead one's
// lease ends: the order is stored exactly once (one Placed Order, one Ordered Product per line)
// and the delivery ends processed with its job done.
import fs from 'node:fs'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { POST } from '@/app/webhooks/shopify/route'
import { sealSecret } from '@/lib/crypto/secret-box'
import { db } from '@/lib/db/client'
import { INTEGRATION_DELIVERY_JOB } from '@/lib/integrations/deliveries'
import { shopifyHmac } from '@/lib/integrations/shopify/webhooks/verify-hmac'
import { makeCompany } from '../helpers/factory'
import { queuedJobs } from '../helpers/queued-jobs'

const ORDER_ID = '820982911946154508'
const SHOP = 'kill-test.myshopify.com'
const SECRET = 'kill-test-secret'
const DELIVERY = 'wh-kill-1'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function startWorker(id: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  // node --import tsx: the worker itself is the child (tsx's launcher would outlive a kill).
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/shopify-delivery-worker.mts'], {
    env: { ...process.env, WORKER_ID: id, ENABLE_INPROCESS_WORKER: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  return { child, output: () => out }
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, output: () => string, ms = 60_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await sleep(50)
  }
  throw new Error(`timed out waiting for ${what}; worker output:\n${output()}`)
}

const placed = (companyId: number) => db.event.count({ where: { companyId, metric: { name: 'Placed Order' } } })
const orderedProducts = (companyId: number) =>
  db.event.count({ where: { companyId, metric: { name: 'Ordered Product' } } })

let running: ChildProcess[] = []
afterEach(() => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  running = []
})

test('SIGKILL after the order is ingested, before the delivery is marked: a restart stores it once and completes', async () => {
  const companyId = (await makeCompany('Webhook kill')).id
  const integrationId = 'int-kill-test'
  await db.integration.create({
    data: {
      id: integrationId,
      companyId,
      key: 'shopify',
      externalKey: SHOP,
      credentials: sealSecret(
        JSON.stringify({ accessToken: 'shpat_x', webhookSecret: SECRET }),
        'integration-credentials',
      ),
    },
  })
  const body = fs.readFileSync(path.join(__dirname, '../fixtures/shopify/orders-create.json'), 'utf8')
  const lines = (JSON.parse(body) as { line_items: unknown[] }).line_items.length
  const res = await POST(
    new Request('http://localhost/webhooks/shopify', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-shop-domain': SHOP,
        'x-shopify-webhook-id': DELIVERY,
        'x-shopify-hmac-sha256': shopifyHmac(SECRET, body),
      },
      body,
    }),
  )
  expect(res.status).toBe(200)
  const delivery = () =>
    db.integrationDelivery.findFirstOrThrow({ where: { companyId, integrationId, deliveryId: DELIVERY } })
  expect((await delivery()).status).toBe('queued')

  // The victim: a short lease, so the survivor may take the job soon after the kill.
  const victim = startWorker('victim', { HANG_AFTER_INGEST: '1', VISIBILITY_MS: '2000' })
  running.push(victim.child)
  const victimExit = new Promise<void>((r) => victim.child.on('exit', () => r()))
  await waitFor('the victim to ingest the order', () => victim.output().includes(`ingested ${DELIVERY}`), victim.output)
  victim.child.kill('SIGKILL')
  await victimExit

  // At the kill: the order committed, the delivery not marked, its job still leased to the dead worker.
  expect(await placed(companyId)).toBe(1)
  expect(await orderedProducts(companyId)).toBe(lines)
  expect((await delivery()).status).toBe('queued')
  const [leased] = await queuedJobs({ companyId, type: INTEGRATION_DELIVERY_JOB })
  expect(leased).toMatchObject({ status: 'running', attempts: 1 })

  // The restart: a worker with the product's processor, which takes the job once the lease ends.
  const survivor = startWorker('survivor', {})
  running.push(survivor.child)
  await waitFor('the delivery to be processed', async () => (await delivery()).status !== 'queued', survivor.output)
  await waitFor(
    'the job to complete',
    async () => (await queuedJobs({ companyId, type: INTEGRATION_DELIVERY_JOB })).every((j) => j.status === 'done'),
    survivor.output,
  )

  expect(await delivery()).toMatchObject({ status: 'processed', reason: null })
  expect(await placed(companyId)).toBe(1)
  expect(await orderedProducts(companyId)).toBe(lines)
  const order = await db.event.findFirstOrThrow({ where: { companyId, metric: { name: 'Placed Order' } } })
  expect(order.uniqueId).toBe(ORDER_ID)
})
