/** @jest-environment node */
// The shared webhook delivery machine (lib/webhooks/delivery-machine.ts) as a scenario table:
// a local HTTP receiver scripted with answers, the queue clock set by the test, and after each
// run the outcome, the row's status, attempts, answer and next-attempt time. Both retry
// policies of today's kinds are covered: 'transient' (flow webhooks) and 'any_failure'
// (account webhooks). The rows live in a real SQLite copy; the kind here is a test kind, so the
// machine is checked apart from what either real kind adds.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { db } from '@/lib/db/client'
import { setQueueClock } from '@/lib/jobs/clock'
import { jobQueue } from '@/lib/jobs/queue'
import { makeCompany } from '../helpers/factory'
import {
  runDelivery,
  type DeliveryKind,
  type DeliveryOutcome,
  type PreparedDelivery,
} from '@/lib/webhooks/delivery-machine'

type Answer = number | { status: number; headers: Record<string, string> } | 'hang'
const script = new Map<string, Answer[]>()
const hits = new Map<string, number>()
let server: http.Server
let base = ''
let closedPort = 0

beforeAll(async () => {
  await jobQueue().prepare() // PostgreSQL: the queue's schema, where a retry's job is written
  server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const path = req.url ?? ''
      hits.set(path, (hits.get(path) ?? 0) + 1)
      const a = script.get(path)?.shift() ?? 200
      if (a === 'hang') return
      const { status, headers } = typeof a === 'number' ? { status: a, headers: {} } : a
      res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(`answer ${status}`)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // A port nothing listens on: a refused connection.
  const probe = http.createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise<void>((r) => probe.close(() => r()))
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((r) => server.close(() => r()))
})
beforeEach(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
})
afterEach(() => setQueueClock(null))

const MAX = 3
interface Row {
  id: number
  payload: string
}
const target = { url: '', skip: null as string | null }

function kind(retryOn: 'transient' | 'any_failure'): DeliveryKind<Row> {
  return {
    table: 'WebhookDelivery',
    job: 'test.delivery',
    maxAttempts: MAX,
    backoffSeconds: (attempt) => Math.min(30 * 2 ** (attempt - 1), 3600),
    timeoutMs: 500,
    answerBytes: 1024,
    retryOn,
    *prepareOps(_companyId, row): Generator<never, PreparedDelivery> {
      if (target.skip) return { skip: target.skip }
      return { request: { url: target.url, headers: { 'content-type': 'application/json' }, body: row.payload } }
    },
  }
}

let seq = 0
async function newRow(companyId: number) {
  const r = await db.webhookDelivery.create({
    data: { companyId, webhookId: 'wh_machine', topic: 't', eventKey: `e:${++seq}`, payload: '{"n":1}' },
  })
  return r.id
}
const rowOf = (id: number) => db.webhookDelivery.findUniqueOrThrow({ where: { id } })

/** After each run: [outcome, status, attempts, responseCode, seconds until the next attempt (null: none), error]. */
type Expect = [DeliveryOutcome, string, number, number | null, number | null, string | null]

interface Scenario {
  name: string
  retryOn: 'transient' | 'any_failure'
  url: 'receiver' | 'refused' | 'private'
  answers: Answer[]
  runs: Expect[]
  /** Requests the receiver got in all. */
  received: number
}

const http500 = 'The endpoint answered HTTP 500.'
const privateAddress = 'The endpoint 127.0.0.1 resolves to a private address.'
const refused = 'Request failed: The host could not be reached.'

const scenarios: Scenario[] = [
  {
    name: '2xx: delivered once',
    retryOn: 'transient',
    url: 'receiver',
    answers: [204],
    runs: [['delivered', 'delivered', 1, 204, null, null]],
    received: 1,
  },
  {
    name: '500 then 200: retried after the backoff, then delivered',
    retryOn: 'transient',
    url: 'receiver',
    answers: [500, 200],
    runs: [
      ['retrying', 'retrying', 1, 500, 30, http500],
      ['delivered', 'delivered', 2, 200, null, null],
    ],
    received: 2,
  },
  {
    // Retry-After is not read: both kinds keep their own schedules (as before the merge).
    name: '429 with Retry-After: retried on the schedule',
    retryOn: 'transient',
    url: 'receiver',
    answers: [{ status: 429, headers: { 'retry-after': '600' } }, 200],
    runs: [
      ['retrying', 'retrying', 1, 429, 30, 'The endpoint answered HTTP 429.'],
      ['delivered', 'delivered', 2, 200, null, null],
    ],
    received: 2,
  },
  {
    name: 'timeout: retried',
    retryOn: 'transient',
    url: 'receiver',
    answers: ['hang', 200],
    runs: [
      ['retrying', 'retrying', 1, null, 30, 'Timed out: No answer within 1 s.'],
      ['delivered', 'delivered', 2, 200, null, null],
    ],
    received: 2,
  },
  {
    name: 'refused connection: retried, failed after N attempts',
    retryOn: 'transient',
    url: 'refused',
    answers: [],
    runs: [
      ['retrying', 'retrying', 1, null, 30, refused],
      ['retrying', 'retrying', 2, null, 60, refused],
      ['failed', 'failed', 3, null, null, refused],
    ],
    received: 0,
  },
  {
    name: 'private address (transient policy): failed at once, nothing sent',
    retryOn: 'transient',
    url: 'private',
    answers: [],
    runs: [['failed', 'failed', 1, null, null, privateAddress]],
    received: 0,
  },
  {
    name: 'private address (any-failure policy): retried, then failed after N attempts, never sent',
    retryOn: 'any_failure',
    url: 'private',
    answers: [],
    runs: [
      ['retrying', 'retrying', 1, null, 30, privateAddress],
      ['retrying', 'retrying', 2, null, 60, privateAddress],
      ['failed', 'failed', 3, null, null, privateAddress],
    ],
    received: 0,
  },
  {
    name: 'N failures: failed after the last attempt',
    retryOn: 'transient',
    url: 'receiver',
    answers: [500, 502, 503],
    runs: [
      ['retrying', 'retrying', 1, 500, 30, http500],
      ['retrying', 'retrying', 2, 502, 60, 'The endpoint answered HTTP 502.'],
      ['failed', 'failed', 3, 503, null, 'The endpoint answered HTTP 503.'],
    ],
    received: 3,
  },
  {
    name: '404 (transient policy): failed at once',
    retryOn: 'transient',
    url: 'receiver',
    answers: [404],
    runs: [['failed', 'failed', 1, 404, null, 'The endpoint answered HTTP 404.']],
    received: 1,
  },
  {
    name: '404 (any-failure policy): retried',
    retryOn: 'any_failure',
    url: 'receiver',
    answers: [404, 200],
    runs: [
      ['retrying', 'retrying', 1, 404, 30, 'The endpoint answered HTTP 404.'],
      ['delivered', 'delivered', 2, 200, null, null],
    ],
    received: 2,
  },
]

const T0 = new Date('2026-11-23T12:00:00Z').getTime()

test.each(scenarios.map((s, i) => [s.name, s, i] as const))('%s', async (_name, s, i) => {
  const companyId = (await makeCompany()).id
  const path = `/s${i}`
  script.set(path, [...s.answers])
  if (s.url === 'private') process.env.WEBHOOKS_ALLOW_PRIVATE = '0'
  target.skip = null
  target.url =
    s.url === 'receiver'
      ? `${base}${path}`
      : s.url === 'refused'
        ? `http://127.0.0.1:${closedPort}${path}`
        : `https://127.0.0.1:${new URL(base).port}${path}`
  const id = await newRow(companyId)
  const k = kind(s.retryOn)
  let now = T0
  for (const [n, [outcome, status, attempts, responseCode, next, error]] of s.runs.entries()) {
    setQueueClock(new Date(now))
    expect([n, await runDelivery(k, { companyId, deliveryId: id })]).toEqual([n, outcome])
    const row = await rowOf(id)
    expect(row).toMatchObject({ status, attempts, responseCode, error })
    expect(row.nextAttemptAt?.getTime() ?? null).toBe(next === null ? null : now + next * 1000)
    if (next !== null) {
      // A second before it is due, a run (a duplicate or early job) changes nothing.
      setQueueClock(new Date(now + next * 1000 - 1000))
      expect(await runDelivery(k, { companyId, deliveryId: id })).toBe('not_due')
      expect((await rowOf(id)).attempts).toBe(attempts)
      now += next * 1000
    }
  }
  // Finished: a duplicate job, long after any lease would have run out, does nothing.
  setQueueClock(new Date(now + 24 * 3600_000))
  expect(await runDelivery(k, { companyId, deliveryId: id })).toBe('not_due')
  expect(await rowOf(id)).toMatchObject({ status: s.runs.at(-1)![1], attempts: s.runs.length })
  expect(hits.get(path) ?? 0).toBe(s.received)
})

test('a duplicate job for a delivered row, two jobs at once, another company: one request in all', async () => {
  const companyId = (await makeCompany()).id
  const other = (await makeCompany()).id
  target.skip = null
  target.url = `${base}/dup`
  const id = await newRow(companyId)
  const k = kind('transient')
  setQueueClock(new Date(T0))
  expect(await runDelivery(k, { companyId: other, deliveryId: id })).toBe('not_due')
  const both = await Promise.all([
    runDelivery(k, { companyId, deliveryId: id }),
    runDelivery(k, { companyId, deliveryId: id }),
  ])
  expect(both.sort()).toEqual(['delivered', 'not_due'])
  expect(await runDelivery(k, { companyId, deliveryId: id })).toBe('not_due')
  expect(hits.get('/dup')).toBe(1)
  expect(await rowOf(id)).toMatchObject({ status: 'delivered', attempts: 1, responseCode: 200 })
})

test('a worker that died mid-request: the row is claimed again once its lease runs out, not before', async () => {
  const companyId = (await makeCompany()).id
  target.skip = null
  target.url = `${base}/lease`
  const id = await newRow(companyId)
  await db.webhookDelivery.update({
    where: { id },
    data: { status: 'sending', attempts: 1, nextAttemptAt: new Date(T0 + 60_000) },
  })
  const k = kind('transient')
  setQueueClock(new Date(T0 + 59_000))
  expect(await runDelivery(k, { companyId, deliveryId: id })).toBe('not_due')
  setQueueClock(new Date(T0 + 60_000))
  expect(await runDelivery(k, { companyId, deliveryId: id })).toBe('delivered')
  expect(await rowOf(id)).toMatchObject({ status: 'delivered', attempts: 2 })
  expect(hits.get('/lease')).toBe(1)
})

test('a kind that skips a row ends it without a request', async () => {
  const companyId = (await makeCompany()).id
  target.skip = 'The webhook is disabled.'
  target.url = `${base}/skip`
  const id = await newRow(companyId)
  setQueueClock(new Date(T0))
  expect(await runDelivery(kind('any_failure'), { companyId, deliveryId: id })).toBe('skipped')
  expect(await rowOf(id)).toMatchObject({
    status: 'skipped',
    attempts: 1,
    error: 'The webhook is disabled.',
    nextAttemptAt: null,
  })
  expect(await runDelivery(kind('any_failure'), { companyId, deliveryId: id })).toBe('not_due')
  expect(hits.get('/skip')).toBeUndefined()
})
