/** @jest-environment node */
// /cdp/sync's webhook destination end to end: a sync saved through its /ajax route, "sync now"
// run as a job that POSTs signed batches of list and segment entries and exits to a local HTTP
// server, incremental runs (only the changes since the last success), one run per window,
// retries with backoff that resume after the accepted batches, the logs and history, bad
// input, roles, and one company never reaching another's syncs.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac } from 'node:crypto'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { BATCH_SIZE } from '@/lib/data-sync/run-sync'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as overview from '@/app/ajax/data-sync/route'
import * as syncs from '@/app/ajax/data-sync/destinations/[destination]/syncs/route'
import * as sync from '@/app/ajax/data-sync/destinations/[destination]/syncs/[id]/route'
import * as runNow from '@/app/ajax/data-sync/destinations/[destination]/syncs/[id]/run/route'
import * as logs from '@/app/ajax/data-sync/destinations/[destination]/logs/route'
import * as history from '@/app/ajax/data-sync/destinations/[destination]/history/route'

interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the posted JSON
  json: any
}
const rx = { url: '', got: [] as Received[], failNext: 0, failAfter: -1 }
let server: http.Server

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      if (rx.failNext > 0 || rx.got.length === rx.failAfter) {
        if (rx.failNext > 0) rx.failNext -= 1
        else rx.failAfter = -1
        res.writeHead(500).end('no')
        return
      }
      rx.got.push({ headers: req.headers, body, json: JSON.parse(body) })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  rx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sync`
})
afterAll(async () => {
  setQueueClock(null)
  await new Promise((r) => server.close(r))
})
beforeEach(() => {
  rx.got = []
  rx.failNext = 0
  rx.failAfter = -1
  setQueueClock(null)
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
async function json(res: Response): Promise<{ status: number; body: any }> {
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

async function account(role = 'owner') {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role })
  return { companyId: c.id, cookie: await signIn(u.id, c.id) }
}

async function groupOf(companyId: number, type = 0) {
  return db.group.create({ data: { id: ulid(), companyId, name: type ? 'VIPs' : 'Newsletter', type } })
}

let phones = 0
async function change(companyId: number, groupId: string, kind: 'entered' | 'left', email: string) {
  const p =
    (await db.profile.findFirst({ where: { companyId, email } })) ??
    (await db.profile.create({
      data: {
        id: ulid(),
        companyId,
        email,
        firstName: 'Ada',
        phoneNumber: `+1555555${String(++phones).padStart(4, '0')}`,
      },
    }))
  await db.groupMembershipChange.create({ data: { companyId, groupId, profileId: p.id, kind } })
  return p
}

const D = { destination: 'webhook' }

async function createSync(a: { cookie: string }, body: Record<string, unknown>) {
  return json(
    await syncs.POST(
      ajaxRequest('/ajax/data-sync/destinations/webhook/syncs', { method: 'POST', cookie: a.cookie, body }),
      params(D),
    ),
  )
}
async function start(a: { cookie: string }, id: number) {
  return json(
    await runNow.POST(
      ajaxRequest(`/ajax/data-sync/destinations/webhook/syncs/${id}/run`, { method: 'POST', cookie: a.cookie }),
      params({ ...D, id: String(id) }),
    ),
  )
}

test('sync now sends signed batches of entries and exits with the chosen fields, then only what changed', async () => {
  const a = await account()
  const list = await groupOf(a.companyId)
  const seg = await groupOf(a.companyId, 1)
  const other = await groupOf(a.companyId)
  await change(a.companyId, list.id, 'entered', 'ada@example.test')
  await change(a.companyId, seg.id, 'entered', 'bo@example.test')
  await change(a.companyId, other.id, 'entered', 'not-synced@example.test')
  await change(a.companyId, list.id, 'left', 'ada@example.test')

  const created = await createSync(a, {
    name: 'CRM',
    endpointUrl: rx.url,
    groupIds: [list.id, seg.id],
    fields: ['email', 'firstName'],
  })
  expect(created.status).toBe(201)
  const secret: string = created.body.secretKey
  expect(secret).toMatch(/^whsec_/)
  const id: number = created.body.sync.id

  const first = await start(a, id)
  expect(first.status).toBe(202)
  expect(first.body.created).toBe(true)
  // A second click before the job ran is the same run.
  expect((await start(a, id)).body.runId).toBe(first.body.runId)
  await runJobsUntilIdle()

  expect(rx.got).toHaveLength(1)
  const got = rx.got[0]!
  const ts = got.headers['x-webhook-timestamp']
  const expected = 'v1=' + createHmac('sha256', secret).update(`${ts}.${got.body}`).digest('hex')
  expect(got.headers['x-webhook-signature']).toBe(expected)
  expect(got.headers['x-webhook-id']).toBe(`sync:${id}:run:${first.body.runId}:batch:0`)
  expect(got.json.changes.map((c: { type: string; group: { kind: string } }) => [c.type, c.group.kind])).toEqual([
    ['joined', 'list'],
    ['joined', 'segment'],
    ['left', 'list'],
  ])
  const profile = got.json.changes[0].profile
  expect(profile).toMatchObject({ email: 'ada@example.test', firstName: 'Ada' })
  expect(profile.phoneNumber).toBeUndefined()
  expect(got.body).not.toContain('not-synced@example.test')

  // Nothing new: the same (empty) window is the finished run; nothing is posted.
  const again = await start(a, id)
  await runJobsUntilIdle()
  expect(again.body.created).toBe(true)
  expect(rx.got).toHaveLength(1)
  expect((await start(a, id)).body).toMatchObject({ runId: again.body.runId, created: false })

  await change(a.companyId, seg.id, 'left', 'bo@example.test')
  await start(a, id)
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(2)
  expect(rx.got[1]!.json.changes).toHaveLength(1)
  expect(rx.got[1]!.json.changes[0]).toMatchObject({ type: 'left', profile: { email: 'bo@example.test' } })

  const hist = await json(
    await history.GET(ajaxRequest('/ajax/data-sync/destinations/webhook/history', { cookie: a.cookie }), params(D)),
  )
  expect(hist.body.runs.map((r: { status: string; rows: number }) => [r.status, r.rows])).toEqual([
    ['succeeded', 1],
    ['succeeded', 0],
    ['succeeded', 3],
  ])
  const ov = await json(await overview.GET(ajaxRequest('/ajax/data-sync', { cookie: a.cookie })))
  const webhook = ov.body.destinations.find((d: { key: string }) => d.key === 'webhook')
  expect(webhook.syncs[0]).toMatchObject({ name: 'CRM', lastRun: { status: 'succeeded', rows: 1 } })
  expect(ov.body.destinations.find((d: { key: string }) => d.key === 'sftp-csv')).toMatchObject({ available: false })
  expect(JSON.stringify(ov.body)).not.toContain(secret)
})

test('a failed batch is retried with backoff from where it stopped; logs show each attempt', async () => {
  const a = await account()
  const list = await groupOf(a.companyId)
  await change(a.companyId, list.id, 'entered', 'x@example.test')
  const id = (await createSync(a, { name: 'Flaky', endpointUrl: rx.url, groupIds: [list.id] })).body.sync.id
  rx.failNext = 1
  const t0 = new Date()
  setQueueClock(t0)
  const run = await start(a, id)
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(0)
  let r = await db.dataSyncRun.findUniqueOrThrow({ where: { id: run.body.runId } })
  expect(r.status).toBe('retrying')
  expect(r.nextAttemptAt!.getTime() - t0.getTime()).toBe(60_000)
  // Not due yet: nothing happens.
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(0)
  setQueueClock(new Date(t0.getTime() + 61_000))
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(1)
  r = await db.dataSyncRun.findUniqueOrThrow({ where: { id: run.body.runId } })
  expect(r).toMatchObject({ status: 'succeeded', rows: 1, attempts: 2 })
  const log = await json(
    await logs.GET(
      ajaxRequest(`/ajax/data-sync/destinations/webhook/logs?syncId=${id}`, { cookie: a.cookie }),
      params(D),
    ),
  )
  expect(
    log.body.attempts.map((x: { status: string; responseCode: number | null }) => [x.status, x.responseCode]),
  ).toEqual([
    ['succeeded', 200],
    ['failed', 500],
  ])
  expect(log.body.attempts[1].error).toBe('The destination answered 500.')
})

test('bad input is a 400 with field errors; unknown destinations 404; unavailable ones refuse syncs', async () => {
  const a = await account()
  const b = await account()
  const foreign = await groupOf(b.companyId)
  const bad = await createSync(a, { name: '', endpointUrl: 'ftp://x', groupIds: [] })
  expect(bad.status).toBe(400)
  expect(JSON.stringify(bad.body)).toContain('endpointUrl')
  expect(JSON.stringify(bad.body)).toContain('groupIds')
  const other = await createSync(a, { name: 'X', endpointUrl: rx.url, groupIds: [foreign.id] })
  expect(other.status).toBe(400)
  expect(JSON.stringify(other.body)).toContain('groupIds')
  const sftp = await json(
    await syncs.POST(
      ajaxRequest('/ajax/data-sync/destinations/sftp-csv/syncs', {
        method: 'POST',
        cookie: a.cookie,
        body: { name: 'X', endpointUrl: rx.url, groupIds: [(await groupOf(a.companyId)).id] },
      }),
      params({ destination: 'sftp-csv' }),
    ),
  )
  expect(sftp.status).toBe(400)
  const unknown = await json(
    await logs.GET(
      ajaxRequest('/ajax/data-sync/destinations/nope/logs', { cookie: a.cookie }),
      params({ destination: 'nope' }),
    ),
  )
  expect(unknown.status).toBe(404)
  expect(await db.dataSync.count({ where: { companyId: a.companyId } })).toBe(0)
})

test("another company's sync is a 404; an analyst reads but cannot change or run", async () => {
  const a = await account()
  const b = await account()
  const list = await groupOf(a.companyId)
  const id = (await createSync(a, { name: 'Mine', endpointUrl: rx.url, groupIds: [list.id] })).body.sync.id
  const p = params({ ...D, id: String(id) })
  const url = `/ajax/data-sync/destinations/webhook/syncs/${id}`
  expect((await start(b, id)).status).toBe(404)
  expect(
    (await sync.PATCH(ajaxRequest(url, { method: 'PATCH', cookie: b.cookie, body: { name: 'Theirs' } }), p)).status,
  ).toBe(404)
  expect((await sync.DELETE(ajaxRequest(url, { method: 'DELETE', cookie: b.cookie }), p)).status).toBe(404)
  const theirLogs = await json(
    await history.GET(
      ajaxRequest(`/ajax/data-sync/destinations/webhook/history?syncId=${id}`, { cookie: b.cookie }),
      params(D),
    ),
  )
  expect(theirLogs.body.runs).toEqual([])

  const analyst = {
    cookie: await signIn((await makeUser({ companyId: a.companyId, role: 'analyst' })).id, a.companyId),
  }
  expect((await overview.GET(ajaxRequest('/ajax/data-sync', { cookie: analyst.cookie }))).status).toBe(200)
  expect((await start(analyst, id)).status).toBe(403)
  expect(
    (await sync.PATCH(ajaxRequest(url, { method: 'PATCH', cookie: analyst.cookie, body: { name: 'X' } }), p)).status,
  ).toBe(403)

  const renamed = await json(
    await sync.PATCH(
      ajaxRequest(url, { method: 'PATCH', cookie: a.cookie, body: { name: 'Renamed', schedule: 'daily' } }),
      p,
    ),
  )
  expect(renamed.body.sync).toMatchObject({ name: 'Renamed', schedule: 'daily' })
  expect((await sync.DELETE(ajaxRequest(url, { method: 'DELETE', cookie: a.cookie }), p)).status).toBe(200)
  expect(await db.dataSync.count({ where: { companyId: a.companyId } })).toBe(0)
})

test('a run of several batches that fails midway resumes after the last accepted change', async () => {
  const a = await account()
  const list = await groupOf(a.companyId)
  const p = await db.profile.create({ data: { id: ulid(), companyId: a.companyId, email: 'many@example.test' } })
  await db.groupMembershipChange.createMany({
    data: Array.from({ length: BATCH_SIZE + 20 }, (_, i) => ({
      companyId: a.companyId,
      groupId: list.id,
      profileId: p.id,
      kind: i % 2 ? 'left' : 'entered',
    })),
  })
  const id = (await createSync(a, { name: 'Big', endpointUrl: rx.url, groupIds: [list.id] })).body.sync.id
  rx.failAfter = 1 // the first batch is accepted, the second refused once
  const t0 = new Date()
  setQueueClock(t0)
  const run = await start(a, id)
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(1)
  expect(rx.got[0]!.json.changes).toHaveLength(BATCH_SIZE)
  // A change of the accepted batch deleted meanwhile (a profile deletion) shifts nothing.
  await db.groupMembershipChange.delete({ where: { id: rx.got[0]!.json.changes[0].id } })
  setQueueClock(new Date(t0.getTime() + 61_000))
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(2)
  expect(rx.got[1]!.json.changes).toHaveLength(20)
  expect(rx.got[1]!.headers['x-webhook-id']).toBe(`sync:${id}:run:${run.body.runId}:batch:1`)
  const sent = rx.got.flatMap((g) => g.json.changes.map((c: { id: number }) => c.id))
  expect(new Set(sent).size).toBe(BATCH_SIZE + 20)
  expect(await db.dataSyncRun.findUniqueOrThrow({ where: { id: run.body.runId } })).toMatchObject({
    status: 'succeeded',
    rows: BATCH_SIZE + 20,
  })
})

test('a scheduled sync runs once per period by itself', async () => {
  const a = await account()
  const list = await groupOf(a.companyId)
  await change(a.companyId, list.id, 'entered', 'sched@example.test')
  const t0 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000)
  setQueueClock(t0)
  const id = (await createSync(a, { name: 'Hourly', endpointUrl: rx.url, groupIds: [list.id], schedule: 'hourly' }))
    .body.sync.id
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(0)
  setQueueClock(new Date(t0.getTime() + 3_600_000))
  await runJobsUntilIdle()
  expect(rx.got).toHaveLength(1)
  setQueueClock(new Date(t0.getTime() + 2 * 3_600_000))
  await runJobsUntilIdle()
  const runs = await db.dataSyncRun.findMany({ where: { syncId: id }, orderBy: { id: 'asc' } })
  expect(runs.map((r) => [r.trigger, r.status, r.rows])).toEqual([
    ['schedule', 'succeeded', 1],
    ['schedule', 'succeeded', 0],
  ])
  expect(rx.got).toHaveLength(1)
})
