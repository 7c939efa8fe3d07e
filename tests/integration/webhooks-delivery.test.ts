/** @jest-environment node */
// Outbound webhooks end to end: /api/webhooks and /api/webhook-topics, a real message event
// (an email through the send pipeline to the local outbox → Received Email) decided into a
// WebhookDelivery in the event's transaction, and the signed POST received by a local HTTP
// server that checks the HMAC; retries after a 500, exactly once under a repeated event,
// tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { makeCompany } from '../helpers/factory'
import { apiRequest, makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { createSends } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { recordMessageEventOps, type MessageEvent } from '@/lib/messaging/message-events'
import { enqueueWebhookDeliveriesOps } from '@/lib/webhooks/enqueue-webhook-deliveries'
import { listWebhookDeliveries } from '@/lib/webhooks/deliver-webhook'
import { ulid } from '@/lib/ids/make-id'
import * as webhooks from '@/app/api/webhooks/route'
import * as webhook from '@/app/api/webhooks/[id]/route'
import * as topics from '@/app/api/webhook-topics/route'
import * as topic from '@/app/api/webhook-topics/[id]/route'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
async function call(
  handler: Handler,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; id?: string } = {},
) {
  await resetRateLimits() // the reference's webhook endpoints allow 1 request per second
  const res = await handler(apiRequest(method, path, { key: opts.key, body: opts.body }), {
    params: Promise.resolve<Record<string, string>>(opts.id ? { id: opts.id } : {}),
  })
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON:API documents
  return { status: res.status, json: (text ? JSON.parse(text) : null) as any }
}

// ---- the receiver ----
const SECRET = 'whsec_test_secret_0123456789'
interface Received {
  path: string
  headers: http.IncomingHttpHeaders
  body: string
  validSignature: boolean
}
const rx = { url: '', got: [] as Received[], failNext: 0 }
let server: http.Server

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (d: Buffer) => chunks.push(d))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      const ts = String(req.headers['x-webhook-timestamp'] ?? '')
      const want = Buffer.from('v1=' + createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex'))
      const given = Buffer.from(String(req.headers['x-webhook-signature'] ?? ''))
      rx.got.push({
        path: req.url ?? '',
        headers: req.headers,
        body,
        validSignature: given.length === want.length && timingSafeEqual(given, want),
      })
      if (rx.failNext > 0) {
        rx.failNext--
        res.writeHead(500).end('boom')
      } else res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  rx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  delete process.env.SMTP_URL
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
})
afterEach(() => setQueueClock(null))

const createBody = (path: string, topicIds: string[], over: Record<string, unknown> = {}) => ({
  data: {
    type: 'webhook',
    attributes: {
      name: 'Order feed',
      description: 'to the warehouse',
      endpoint_url: `${rx.url}${path}`,
      secret_key: SECRET,
      ...over,
    },
    relationships: { 'webhook-topics': { data: topicIds.map((id) => ({ type: 'webhook-topic', id })) } },
  },
})

async function emailTo(companyId: number, email: string) {
  const { profile } = await upsertProfile(companyId, { email }, { mode: 'import' })
  const sourceId = ulid()
  await createSends({
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    transactional: true,
    content: { subject: 'Hello', html: '<p>Hi</p>' },
    recipients: [{ profileId: profile.id }],
  })
  await deliverSends({ companyId, channel: 'email', sourceType: 'campaign_message', sourceId })
  const send = await db.send.findFirstOrThrow({ where: { companyId, sourceId } })
  return { profileId: profile.id, send }
}

const forPath = (path: string) => rx.got.filter((g) => g.path === path)

test('webhook topics: the message events, listed and one by one', async () => {
  const { id } = await makeCompany()
  const key = await makeApiKey(id)
  const list = await call(topics.GET as Handler, 'GET', '/api/webhook-topics', { key })
  expect(list.status).toBe(200)
  const ids = list.json.data.map((t: { id: string }) => t.id)
  expect(ids).toEqual(
    expect.arrayContaining([
      'event:klaviyo.received_email',
      'event:klaviyo.opened_email',
      'event:klaviyo.clicked_email',
      'event:klaviyo.bounced_email',
      'event:klaviyo.sent_sms',
      'event:klaviyo.received_push',
      'event:klaviyo.opened_push',
    ]),
  )
  expect(list.json.data[0]).toMatchObject({
    type: 'webhook-topic',
    links: { self: expect.stringContaining('/api/webhook-topics/') },
  })
  expect(
    (
      await call(topic.GET as Handler, 'GET', '/api/webhook-topics/event:klaviyo.sent_sms', {
        key,
        id: 'event:klaviyo.sent_sms',
      })
    ).json.data.id,
  ).toBe('event:klaviyo.sent_sms')
  expect(
    (await call(topic.GET as Handler, 'GET', '/api/webhook-topics/event:nope', { key, id: 'event:nope' })).status,
  ).toBe(404)
})

test('a Received Email becomes one signed POST; a repeated event adds nothing', async () => {
  const { id: cid } = await makeCompany()
  const key = await makeApiKey(cid)
  const created = await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
    key,
    body: createBody('/hook-a?token=abc', ['event:klaviyo.received_email']),
  })
  expect(created.status).toBe(201)
  expect(created.json.data).toMatchObject({
    type: 'webhook',
    attributes: { name: 'Order feed', enabled: true, endpoint_url: `${rx.url}/hook-a?…` },
    relationships: { 'webhook-topics': { data: [{ type: 'webhook-topic', id: 'event:klaviyo.received_email' }] } },
  })
  expect(JSON.stringify(created.json)).not.toContain(SECRET)
  const hookId = created.json.data.id
  const stored = await db.webhook.findUniqueOrThrow({ where: { id: hookId } })
  expect(stored.secretSealed).not.toContain(SECRET)

  const { profileId, send } = await emailTo(cid, 'ada@x.test')
  expect(send.status).toBe('sent')
  // The delivery row and its job were written with the event.
  const rows = await db.webhookDelivery.findMany({ where: { companyId: cid } })
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ webhookId: hookId, topic: 'event:klaviyo.received_email', status: 'pending' })

  await runJobsUntilIdle()
  const got = forPath('/hook-a?token=abc')
  expect(got).toHaveLength(1)
  expect(got[0]!.validSignature).toBe(true)
  expect(got[0]!.headers['x-webhook-topic']).toBe('event:klaviyo.received_email')
  expect(got[0]!.headers['x-webhook-id']).toBe(`${hookId}:event:${rows[0]!.eventId}`)
  const payload = JSON.parse(got[0]!.body)
  expect(payload).toMatchObject({
    topic: 'event:klaviyo.received_email',
    webhook_id: hookId,
    data: {
      type: 'event',
      id: String(rows[0]!.eventId),
      attributes: {
        metric: { name: 'Received Email' },
        profile_id: profileId,
        event_properties: { $send_id: send.id },
      },
    },
  })
  expect(await db.webhookDelivery.findFirstOrThrow({ where: { companyId: cid } })).toMatchObject({
    status: 'delivered',
    attempts: 1,
    responseCode: 204,
  })

  // The same event again (a repeated callback): no new event, no new delivery.
  const again: MessageEvent = {
    companyId: cid,
    profileId,
    metric: 'Received Email',
    sendId: send.id,
    properties: {},
    at: new Date(),
  }
  expect(await inWriteTx(() => recordMessageEventOps(again))).toBeNull()
  // And the enqueue step itself is idempotent per (webhook, event).
  expect(await inWriteTx(() => enqueueWebhookDeliveriesOps(again, rows[0]!.eventId!))).toBe(0)
  await runJobsUntilIdle()
  expect(await db.webhookDelivery.count({ where: { companyId: cid } })).toBe(1)
  expect(forPath('/hook-a?token=abc')).toHaveLength(1)
})

test('a 500 is retried with backoff, with the same id and a fresh signature; the log shows each step', async () => {
  const { id: cid } = await makeCompany()
  const key = await makeApiKey(cid)
  const hookId = (
    await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
      key,
      body: createBody('/hook-b', ['event:klaviyo.received_email']),
    })
  ).json.data.id
  rx.failNext = 1
  const t0 = new Date('2026-11-23T12:00:00Z')
  setQueueClock(t0)
  await emailTo(cid, 'bob@x.test')
  await runJobsUntilIdle()
  let [d] = await listWebhookDeliveries(cid, hookId)
  expect(d).toMatchObject({
    status: 'retrying',
    attempts: 1,
    responseCode: 500,
    error: 'The endpoint answered HTTP 500.',
  })
  expect(new Date(d!.nextAttemptAt!).getTime()).toBe(t0.getTime() + 60_000)
  // Not due yet: nothing happens.
  await runJobsUntilIdle()
  expect(forPath('/hook-b')).toHaveLength(1)
  setQueueClock(new Date(t0.getTime() + 61_000))
  await runJobsUntilIdle()
  ;[d] = await listWebhookDeliveries(cid, hookId)
  expect(d).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 204, error: null })
  const got = forPath('/hook-b')
  expect(got).toHaveLength(2)
  expect(got.every((g) => g.validSignature)).toBe(true)
  expect(got[0]!.headers['x-webhook-id']).toBe(got[1]!.headers['x-webhook-id'])
  expect(got[0]!.body).toBe(got[1]!.body)
  expect(got[1]!.headers['x-webhook-timestamp']).not.toBe(got[0]!.headers['x-webhook-timestamp'])
})

test('only subscribed topics of enabled webhooks; PATCH changes topics and enabled', async () => {
  const { id: cid } = await makeCompany()
  const key = await makeApiKey(cid)
  const hookId = (
    await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
      key,
      body: createBody('/hook-c', ['event:klaviyo.opened_email']),
    })
  ).json.data.id
  await emailTo(cid, 'cy@x.test') // Received Email: not subscribed
  await runJobsUntilIdle()
  expect(await db.webhookDelivery.count({ where: { companyId: cid } })).toBe(0)

  const patched = await call(webhook.PATCH as Handler, 'PATCH', `/api/webhooks/${hookId}`, {
    key,
    id: hookId,
    body: {
      data: {
        type: 'webhook',
        id: hookId,
        attributes: { enabled: false, name: 'Renamed' },
        relationships: { 'webhook-topics': { data: [{ type: 'webhook-topic', id: 'event:klaviyo.received_email' }] } },
      },
    },
  })
  expect(patched.status).toBe(200)
  expect(patched.json.data).toMatchObject({
    attributes: { enabled: false, name: 'Renamed' },
    relationships: { 'webhook-topics': { data: [{ id: 'event:klaviyo.received_email' }] } },
  })
  await emailTo(cid, 'dee@x.test') // subscribed now, but disabled
  expect(await db.webhookDelivery.count({ where: { companyId: cid } })).toBe(0)

  await call(webhook.PATCH as Handler, 'PATCH', `/api/webhooks/${hookId}`, {
    key,
    id: hookId,
    body: { data: { type: 'webhook', id: hookId, attributes: { enabled: true } } },
  })
  await emailTo(cid, 'eve@x.test')
  await runJobsUntilIdle()
  expect(forPath('/hook-c')).toHaveLength(1)

  const one = await call(webhook.GET as Handler, 'GET', `/api/webhooks/${hookId}?include=webhook-topics`, {
    key,
    id: hookId,
  })
  expect(one.json.included).toEqual([
    expect.objectContaining({ type: 'webhook-topic', id: 'event:klaviyo.received_email' }),
  ])
  expect((await call(webhook.DELETE as Handler, 'DELETE', `/api/webhooks/${hookId}`, { key, id: hookId })).status).toBe(
    204,
  )
  expect(await db.webhookDelivery.count({ where: { companyId: cid } })).toBe(0)
  expect(await db.webhookTopicSubscription.count({ where: { companyId: cid } })).toBe(0)
})

test('bad input: 400 with pointers, nothing written', async () => {
  const { id: cid } = await makeCompany()
  const key = await makeApiKey(cid)
  const badTopic = await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
    key,
    body: createBody('/x', ['event:klaviyo.nope']),
  })
  expect(badTopic.status).toBe(400)
  expect(badTopic.json.errors[0].source.pointer).toBe('/data/relationships/webhook-topics/data')
  const shortSecret = await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
    key,
    body: createBody('/x', ['event:klaviyo.sent_sms'], { secret_key: 'short' }),
  })
  expect(shortSecret.json.errors[0].source.pointer).toBe('/data/attributes/secret_key')
  process.env.WEBHOOKS_ALLOW_PRIVATE = '0'
  const plainHttp = await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
    key,
    body: createBody('/x', ['event:klaviyo.sent_sms']),
  })
  expect(plainHttp.status).toBe(400)
  expect(plainHttp.json.errors[0]).toMatchObject({
    detail: 'The endpoint URL must start with https://.',
    source: { pointer: '/data/attributes/endpoint_url' },
  })
  const noTopics = await call(webhooks.POST as Handler, 'POST', '/api/webhooks', { key, body: createBody('/x', []) })
  expect(noTopics.status).toBe(400)
  expect(await db.webhook.count({ where: { companyId: cid } })).toBe(0)
  const readOnly = await makeApiKey(cid, ['webhooks:read'])
  expect(
    (
      await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
        key: readOnly,
        body: createBody('/x', ['event:klaviyo.sent_sms']),
      })
    ).status,
  ).toBe(403)
})

test('an https endpoint on a private address is refused on save, and at delivery time when the setting changed since', async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '0'
  const { id: cid } = await makeCompany()
  const key = await makeApiKey(cid)
  const mapped = await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
    key,
    body: createBody('', ['event:klaviyo.received_email'], { endpoint_url: 'https://[::ffff:127.0.0.1]:9/hook' }),
  })
  expect(mapped.status).toBe(400)
  expect(mapped.json.errors[0]).toMatchObject({
    detail: 'The endpoint URL points to a private network address.',
    source: { pointer: '/data/attributes/endpoint_url' },
  })
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
  const created = await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
    key,
    body: createBody('', ['event:klaviyo.received_email'], { endpoint_url: 'https://127.0.0.1:9/hook' }),
  })
  expect(created.status).toBe(201)
  process.env.WEBHOOKS_ALLOW_PRIVATE = '0'
  await emailTo(cid, 'priv@x.test')
  await runJobsUntilIdle()
  const [d] = await listWebhookDeliveries(cid, created.json.data.id)
  expect(d).toMatchObject({
    status: 'retrying',
    responseCode: null,
    error: 'The endpoint 127.0.0.1 resolves to a private address.',
  })
})

test("cross-company: B cannot see, change or delete A's webhook, and B's events never reach it", async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const keyA = await makeApiKey(a.id)
  const keyB = await makeApiKey(b.id)
  const hookId = (
    await call(webhooks.POST as Handler, 'POST', '/api/webhooks', {
      key: keyA,
      body: createBody('/hook-d', ['event:klaviyo.received_email']),
    })
  ).json.data.id
  expect((await call(webhooks.GET as Handler, 'GET', '/api/webhooks', { key: keyB })).json.data).toEqual([])
  expect((await call(webhook.GET as Handler, 'GET', `/api/webhooks/${hookId}`, { key: keyB, id: hookId })).status).toBe(
    404,
  )
  const patch = {
    data: { type: 'webhook', id: hookId, attributes: { endpoint_url: 'https://attacker.example/steal' } },
  }
  expect(
    (await call(webhook.PATCH as Handler, 'PATCH', `/api/webhooks/${hookId}`, { key: keyB, id: hookId, body: patch }))
      .status,
  ).toBe(404)
  expect(
    (await call(webhook.DELETE as Handler, 'DELETE', `/api/webhooks/${hookId}`, { key: keyB, id: hookId })).status,
  ).toBe(404)
  expect((await db.webhook.findUniqueOrThrow({ where: { id: hookId } })).endpointUrl).toBe(`${rx.url}/hook-d`)
  await emailTo(b.id, 'b@x.test')
  await runJobsUntilIdle()
  expect(forPath('/hook-d')).toHaveLength(0)
  expect(await listWebhookDeliveries(b.id, hookId)).toEqual([])
  await emailTo(a.id, 'a@x.test')
  await runJobsUntilIdle()
  expect(forPath('/hook-d')).toHaveLength(1)
})
