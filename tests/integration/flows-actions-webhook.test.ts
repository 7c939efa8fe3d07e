/** @jest-environment node */
// The flow send-webhook action through the real engine and job queue: the request rendered for
// the profile and the trigger event, written as a delivery row in the step's transaction, POSTed
// after the commit to a local HTTP receiver that checks X-Flow-Signature with the flow's secret;
// retries on 5xx, none on 4xx, exactly one delivery after a crashed step transaction, a retried
// step or a duplicate job; private addresses refused without the allowance. Then the /ajax calls
// of seed 002 §7.6 (preview, test send and its status, secret, name) incl. another company.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { flowDefinition, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowVersionDefinition } from '@/lib/flows/store'
import { enterFlow, prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { sendWebhookExecutor } from '@/lib/flows/engine/actions/send-webhook'
import type { StepContext } from '@/lib/flows/engine/types'
import { deliverFlowWebhook } from '@/lib/flows/webhook-action/deliver-flow-webhook'
import * as preview from '@/app/ajax/flow/webhook/[id]/preview/route'
import * as previewStatus from '@/app/ajax/flow/webhook/[id]/preview/status/route'
import * as webhookName from '@/app/ajax/flow/webhook/[id]/name/route'
import * as secretRoute from '@/app/ajax/flow/[id]/webhook/secret/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

interface Received {
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}
const rx = { url: '', got: [] as Received[], answers: [] as number[] }
let server: http.Server
let A: number, B: number, cookieA: string, cookieB: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (d: Buffer) => chunks.push(d))
    req.on('end', () => {
      rx.got.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() })
      const code = rx.answers.shift() ?? 200
      res.writeHead(code, { 'content-type': 'text/plain' }).end(code === 200 ? 'thanks' : 'nope')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  rx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  A = (await makeCompany('Hooks A')).id
  B = (await makeCompany('Hooks B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  await prepareFlowJobs()
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
  rx.got = []
  rx.answers = []
})
afterEach(() => setQueueClock(null))

let seq = 0
async function profile(companyId = A) {
  const id = `PW${++seq}x${Math.random().toString(36).slice(2, 8)}`
  await db.profile.create({
    data: {
      id,
      companyId,
      email: `${id}@example.test`,
      firstName: 'Ada',
      properties: JSON.stringify({ tier: 'gold' }),
    },
  })
  return id
}

function webhookAction(message: Record<string, unknown>, next: string | null = null) {
  return {
    temporary_id: 'w',
    type: 'send-webhook',
    links: { next },
    data: { status: 'live', message: { name: 'To the warehouse', ...message } },
  }
}
const defaultMessage = (path = '/hook') => ({
  url: `${rx.url}${path}`,
  headers: { 'X-Shop': 'shop-{{ person.tier }}', Authorization: 'Bearer static-token' },
  body: '{"email": "{{ person.email }}", "name": "{{ first_name }}", "order": "{{ event.OrderId }}", "flow": "{{ flow.name }}"}',
})

async function liveFlow(actions: Array<Record<string, unknown>>, companyId = A) {
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: 'w',
    actions,
  }) as FlowDefinition
  const id = await createFlow(companyId, { name: 'Order feed', definition: def, status: 'live' })
  const stored = (await getFlowVersionDefinition(companyId, id))!
  return { id, actionId: stored.actions[0]!.id!, def: stored }
}
const enter = (flowId: string, profileId: string, companyId = A) =>
  enterFlow({
    companyId,
    flowId,
    profileId,
    entryKey: `k:${Math.random()}`,
    triggerKind: 'metric',
    now: new Date(),
    triggerEvent: {
      id: 7,
      metricId: null,
      metric: 'Placed Order',
      properties: { OrderId: 'A-1001' },
      time: new Date().toISOString(),
    },
  })

function validSignature(r: Received, secret: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['x-flow-signature'] ?? ''))
  if (!m) return false
  const want = Buffer.from(createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest('hex'))
  return timingSafeEqual(want, Buffer.from(m[2]!))
}
const secretOf = async (flowId: string) => (await db.flow.findUniqueOrThrow({ where: { id: flowId } })).webhookSecret

test('a step renders the request, commits a delivery row, and the job POSTs it once, signed', async () => {
  const { id, actionId } = await liveFlow([webhookAction(defaultMessage())])
  const p = await profile()
  const { runId } = (await enter(id, p))!
  await drainFlowRuns()
  const step = await db.flowStep.findFirstOrThrow({ where: { runId } })
  expect(step).toMatchObject({ status: 'done', outcome: 'queued' })
  const row = await db.flowWebhookDelivery.findFirstOrThrow({ where: { stepKey: `${runId}:${actionId}` } })
  expect(row).toMatchObject({ companyId: A, kind: 'step', status: 'pending', runId, profileId: p })
  expect(rx.got).toHaveLength(0) // nothing on the wire inside the step

  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(1)
  const got = rx.got[0]!
  expect(got.url).toBe('/hook')
  expect(JSON.parse(got.body)).toEqual({ email: `${p}@example.test`, name: 'Ada', order: 'A-1001', flow: 'Order feed' })
  expect(got.headers['x-shop']).toBe('shop-gold')
  expect(got.headers.authorization).toBe('Bearer static-token')
  expect(got.headers['content-type']).toBe('application/json')
  expect(got.headers['x-flow-delivery-id']).toBe(`${runId}:${actionId}`)
  expect(got.headers['x-flow-id']).toBe(id)
  expect(validSignature(got, await secretOf(id))).toBe(true)
  expect(validSignature(got, 'another-secret')).toBe(false)

  expect(await db.flowWebhookDelivery.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
    status: 'delivered',
    attempts: 1,
    responseCode: 200,
    responseBody: 'thanks',
  })
  const detail = JSON.parse((await db.flowStep.findFirstOrThrow({ where: { runId } })).detail!)
  expect(detail.webhook).toMatchObject({ status: 'delivered', responseCode: 200 })
  expect(await db.flowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: 'completed' })
  await runJobsUntilIdle()
  await drainFlowRuns()
  expect(rx.got).toHaveLength(1)
})

test('5xx is retried with backoff under the same delivery id; 4xx fails at once', async () => {
  const { id, actionId } = await liveFlow([webhookAction(defaultMessage('/flaky'))])
  const { runId } = (await enter(id, await profile()))!
  await drainFlowRuns()
  rx.answers = [503]
  await runJobsUntilIdle()
  const row = await db.flowWebhookDelivery.findFirstOrThrow({ where: { stepKey: `${runId}:${actionId}` } })
  expect(row).toMatchObject({ status: 'retrying', attempts: 1, responseCode: 503 })
  expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000)
  setQueueClock(new Date(row.nextAttemptAt!.getTime() + 1000))
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(2)
  expect(rx.got[0]!.headers['x-flow-delivery-id']).toBe(rx.got[1]!.headers['x-flow-delivery-id'])
  expect(await db.flowWebhookDelivery.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
    status: 'delivered',
    attempts: 2,
    responseCode: 200,
  })

  setQueueClock(null)
  const bad = await liveFlow([webhookAction(defaultMessage('/gone'))])
  const r2 = (await enter(bad.id, await profile()))!
  await drainFlowRuns()
  rx.answers = [404]
  await runJobsUntilIdle()
  expect(await db.flowWebhookDelivery.findFirstOrThrow({ where: { runId: r2.runId } })).toMatchObject({
    status: 'failed',
    attempts: 1,
    responseCode: 404,
    error: 'The endpoint answered HTTP 404.',
  })
  expect(rx.got.filter((g) => g.url === '/gone')).toHaveLength(1)
})

test('exactly once: a crashed step transaction leaves nothing, a retried step and a duplicate job add nothing', async () => {
  const { id, actionId, def } = await liveFlow([webhookAction(defaultMessage('/once'))])
  const p = await profile()
  const { runId } = (await enter(id, p))!
  const action = def.actions[0] as FlowAction
  const ctx: StepContext = {
    companyId: A,
    flowId: id,
    version: 1,
    definition: def,
    runId,
    profileId: p,
    action,
    actionStatus: 'live',
    webhookSecret: await secretOf(id),
    triggerKind: 'metric',
    triggerEvent: null,
    enteredAt: new Date(),
    now: new Date(),
    stepKey: `${runId}:${actionId}`,
  }
  // The worker dies inside the step's transaction (after the executor ran): nothing is kept.
  await expect(
    inWriteTx(function* () {
      yield* sendWebhookExecutor(ctx)
      throw new Error('worker killed')
    }),
  ).rejects.toThrow('worker killed')
  expect(await db.flowWebhookDelivery.count({ where: { runId } })).toBe(0)

  // The engine runs the step for real; then the same step is executed again (a retry).
  await drainFlowRuns()
  const again = await inWriteTx(() => sendWebhookExecutor(ctx))
  expect(again).toMatchObject({ kind: 'next', outcome: 'queued', detail: { repeated: true } })
  expect(await db.flowWebhookDelivery.count({ where: { runId } })).toBe(1)

  await runJobsUntilIdle()
  const row = await db.flowWebhookDelivery.findFirstOrThrow({ where: { runId } })
  // A duplicate job for a delivered row finds nothing to do.
  expect(await deliverFlowWebhook({ companyId: A, deliveryId: row.id })).toBe('not_due')
  // Another company's id never reaches this row.
  expect(await deliverFlowWebhook({ companyId: B, deliveryId: row.id })).toBe('not_due')
  expect(rx.got.filter((g) => g.url === '/once')).toHaveLength(1)

  // A worker that died mid-POST: the lease expires and the next job sends it again (same delivery id).
  await db.flowWebhookDelivery.update({
    where: { id: row.id },
    data: { status: 'sending', nextAttemptAt: new Date(Date.now() - 1000) },
  })
  expect(await deliverFlowWebhook({ companyId: A, deliveryId: row.id })).toBe('delivered')
  expect(rx.got.filter((g) => g.url === '/once').map((g) => g.headers['x-flow-delivery-id'])).toEqual([
    `${runId}:${actionId}`,
    `${runId}:${actionId}`,
  ])
})

test('private and loopback addresses are refused unless WEBHOOKS_ALLOW_PRIVATE=1; a broken template fails the step only', async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE
  const { id } = await liveFlow([
    webhookAction({ ...defaultMessage('/private'), url: `https://127.0.0.1:${new URL(rx.url).port}/private` }),
  ])
  const { runId } = (await enter(id, await profile()))!
  await drainFlowRuns()
  await runJobsUntilIdle()
  expect(await db.flowWebhookDelivery.findFirstOrThrow({ where: { runId } })).toMatchObject({
    status: 'failed',
    error: 'The endpoint 127.0.0.1 resolves to a private address.',
  })
  expect(rx.got).toHaveLength(0)

  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
  const broken = await liveFlow([webhookAction({ ...defaultMessage(), body: '{% if %}' })])
  const r2 = (await enter(broken.id, await profile()))!
  await drainFlowRuns()
  const step = await db.flowStep.findFirstOrThrow({ where: { runId: r2.runId } })
  expect(step).toMatchObject({ status: 'failed', outcome: 'render_error' })
  expect(JSON.parse(step.detail!).reason).toMatch(/^The webhook body cannot be rendered/)
  expect(await db.flowRun.findUniqueOrThrow({ where: { id: r2.runId } })).toMatchObject({ status: 'completed' })
  expect(await db.flowWebhookDelivery.count({ where: { runId: r2.runId } })).toBe(0)
})

// ---- /ajax (seed 002 §7.6) ----

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
async function call(
  h: Handler,
  method: string,
  id: string,
  opts: { body?: unknown; cookie?: string; query?: string } = {},
) {
  const res = await h(
    ajaxRequest(`/ajax/flow/x${opts.query ?? ''}`, { method, cookie: opts.cookie ?? cookieA, body: opts.body }),
    params({ id }),
  )
  return { status: res.status, json: await res.json() }
}

test('/ajax webhook preview, test send and its status, secret rotation and name; another company gets 404', async () => {
  const { id, actionId } = await liveFlow([webhookAction(defaultMessage('/test'))])
  const p = await profile()

  const pv = await call(preview.GET, 'GET', actionId, { query: `?profileId=${p}` })
  expect(pv.status).toBe(200)
  expect(pv.json.profileId).toBe(p)
  expect(pv.json.request).toMatchObject({
    method: 'POST',
    url: `${rx.url}/test`,
    headers: { 'x-shop': 'shop-gold', 'x-flow-id': id },
  })
  expect(JSON.parse(pv.json.request.body)).toMatchObject({ name: 'Ada', order: '' })
  expect(pv.json.request.headers['x-flow-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
  expect(rx.got).toHaveLength(0)

  expect((await call(previewStatus.GET, 'GET', actionId)).json).toEqual({ actionId, lastTest: null })
  const sent = await call(preview.POST, 'POST', actionId, { body: { profileId: p } })
  expect(sent.status).toBe(202)
  expect(sent.json.status).toBe('pending')
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(1)
  expect(validSignature(rx.got[0]!, await secretOf(id))).toBe(true)
  const st = await call(previewStatus.GET, 'GET', actionId)
  expect(st.json.lastTest).toMatchObject({
    id: sent.json.deliveryId,
    kind: 'test',
    status: 'delivered',
    responseCode: 200,
    responseBody: 'thanks',
    attempts: 1,
  })

  const s1 = await call(secretRoute.GET, 'GET', id)
  expect(s1.json.secret).toBe(await secretOf(id))
  const s2 = await call(secretRoute.POST, 'POST', id)
  expect(s2.status).toBe(200)
  expect(s2.json.secret).not.toBe(s1.json.secret)
  expect(await secretOf(id)).toBe(s2.json.secret)
  await call(preview.POST, 'POST', actionId, { body: { profileId: p } })
  await runJobsUntilIdle()
  expect(validSignature(rx.got[1]!, s2.json.secret)).toBe(true)
  expect(validSignature(rx.got[1]!, s1.json.secret)).toBe(false)

  const before = (await db.flow.findUniqueOrThrow({ where: { id } })).currentVersion
  const named = await call(webhookName.POST, 'POST', actionId, { body: { name: 'ERP feed' } })
  expect(named.status).toBe(200)
  expect(named.json.version).toBe(before + 1)
  expect((await db.flowMessage.findFirstOrThrow({ where: { actionId } })).name).toBe('ERP feed')
  expect((await call(webhookName.POST, 'POST', actionId, { body: { name: '  ' } })).json.fieldErrors.name).toEqual([
    'A name is required.',
  ])

  // Another company: every call is a 404 and nothing changes or is sent.
  for (const [h, m] of [
    [preview.GET, 'GET'],
    [preview.POST, 'POST'],
    [previewStatus.GET, 'GET'],
    [webhookName.POST, 'POST'],
  ] as const) {
    const r = await call(h, m, actionId, { cookie: cookieB, body: m === 'POST' ? { name: 'Stolen' } : undefined })
    expect(r.status).toBe(404)
  }
  expect((await call(secretRoute.GET, 'GET', id, { cookie: cookieB })).status).toBe(404)
  expect((await call(secretRoute.POST, 'POST', id, { cookie: cookieB })).status).toBe(404)
  expect(await secretOf(id)).toBe(s2.json.secret)
  expect((await call(preview.GET, 'GET', actionId, { query: `?profileId=${await profile(B)}` })).status).toBe(404)
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(2)
  expect((await db.flowMessage.findFirstOrThrow({ where: { actionId } })).name).toBe('ERP feed')
})

test('/ajax preview of a webhook without a URL is a 400 with the field', async () => {
  const { actionId } = await liveFlow([webhookAction({ url: null, body: '{}' })])
  const r = await call(preview.GET, 'GET', actionId)
  expect(r.status).toBe(400)
  expect(r.json.fieldErrors.url).toEqual(['Enter the URL the webhook posts to.'])
})
