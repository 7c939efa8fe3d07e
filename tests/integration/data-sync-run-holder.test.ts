/** @jest-environment node */
// Issue 27 (run ownership): a run is held by one job attempt at a time. The race: a worker whose
// batch failed set the run 'retrying' and queued the retry job, then died before completing its
// own job; the queue ran that job again (attempt 2) while the retry job ran, and both worked on
// the run (the later attempt took over any 'running' run). Now the claim records the holder (job
// id + attempt) with a lease and takes a held run over only when that hold is gone, in the same
// conditional update: one of the two works, the other does nothing. A holder whose lease lapsed
// (its worker died, no later attempt came) is taken over by the next job.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { handlers, type JobContext } from '@/lib/jobs/registry'
import { register } from '@/lib/data-sync/jobs'
import { DATA_SYNC_RUN_JOB } from '@/lib/data-sync/start-sync-run'
import * as syncs from '@/app/ajax/data-sync/destinations/[destination]/syncs/route'
import * as runNow from '@/app/ajax/data-sync/destinations/[destination]/syncs/[id]/run/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { queuedJobs } from '../helpers/queued-jobs'

const rx = { url: '', got: [] as string[] }
let server: http.Server

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
  server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      rx.got.push(String(req.headers['x-webhook-id']))
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  rx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sync`
  register()
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
})
beforeEach(() => {
  rx.got = []
})

/** The job handler as the worker calls it, for one attempt of one job. */
function runJob(companyId: number, runId: number, jobId: number, attempt: number) {
  const reg = handlers.get(DATA_SYNC_RUN_JOB)
  if (reg?.kind !== 'single') throw new Error('data-sync.run is not registered')
  const ctx: JobContext = { jobId, attempt, companyId }
  return reg.handler({ runId }, ctx)
}

/** A sync of three membership changes and its started run (one batch); the run's job id. */
async function startedRun(name: string) {
  const companyId = (await makeCompany(name)).id
  const cookie = await signIn((await makeUser({ companyId, role: 'owner' })).id, companyId)
  const list = await db.group.create({ data: { id: ulid(), companyId, name: 'Newsletter', type: 0 } })
  const profile = await db.profile.create({ data: { id: ulid(), companyId, email: `${ulid()}@example.test` } })
  await db.groupMembershipChange.createMany({
    data: [0, 1, 2].map(() => ({ companyId, groupId: list.id, profileId: profile.id, kind: 'entered' })),
  })
  const D = { destination: 'webhook' }
  const created = await syncs.POST(
    ajaxRequest('/ajax/data-sync/destinations/webhook/syncs', {
      method: 'POST',
      cookie,
      body: { name: 'CRM', endpointUrl: rx.url, groupIds: [list.id] },
    }),
    params(D),
  )
  expect(created.status).toBe(201)
  const syncId: number = (await created.json()).sync.id
  const started = await runNow.POST(
    ajaxRequest(`/ajax/data-sync/destinations/webhook/syncs/${syncId}/run`, { method: 'POST', cookie }),
    params({ ...D, id: String(syncId) }),
  )
  expect(started.status).toBe(202)
  const runId: number = (await started.json()).runId
  const [job] = await queuedJobs({ companyId, type: DATA_SYNC_RUN_JOB })
  return { companyId, syncId, runId, jobId: job!.id, batch0: `sync:${syncId}:run:${runId}:batch:0` }
}

// The original job (attempt 2, its worker died after queuing the retry) and the retry job, in
// either order: whichever claims first works, the other finds the run held and does nothing.
test.each([
  ['the retry job first', true],
  ["the dead job's next attempt first", false],
])('a retry job and the dead job’s next attempt race for one run (%s): one works', async (_, retryFirst) => {
  const r = await startedRun(`Race ${retryFirst}`)
  const retryJobId = r.jobId + 10_000
  // The state the dead worker left: its attempt 1 failed, the retry is due.
  await db.dataSyncRun.update({
    where: { id: r.runId },
    data: {
      status: 'retrying',
      attempts: 1,
      error: 'The destination answered 500.',
      nextAttemptAt: new Date(Date.now() - 1000),
      startedAt: new Date(Date.now() - 5000),
      holderJobId: r.jobId,
      holderAttempt: 1,
    },
  })
  const original = () => runJob(r.companyId, r.runId, r.jobId, 2)
  const retry = () => runJob(r.companyId, r.runId, retryJobId, 1)
  await Promise.all(retryFirst ? [retry(), original()] : [original(), retry()])

  expect(rx.got).toEqual([r.batch0])
  const run = await db.dataSyncRun.findUniqueOrThrow({ where: { id: r.runId } })
  expect(run).toMatchObject({ status: 'succeeded', attempts: 2, rows: 3 })
  // Started together, either may claim first (on PostgreSQL the second started often wins): the
  // holder is one of the two, whole, never a mix.
  expect([
    [r.jobId, 2],
    [retryJobId, 1],
  ]).toContainEqual([run.holderJobId, run.holderAttempt])
  expect(await db.dataSyncAttempt.count({ where: { runId: r.runId } })).toBe(1)
})

test.each([
  ['lapsed: the next job takes the run over', -1000, true],
  ['live: the next job leaves the run alone', 60_000, false],
])('a run held by another job whose lease is %s', async (_, leaseFromNow, takenOver) => {
  const r = await startedRun(`Lease ${takenOver}`)
  const deadJobId = r.jobId + 20_000
  // Claimed a moment ago by a job whose worker then died (or still works on it).
  await db.dataSyncRun.update({
    where: { id: r.runId },
    data: {
      status: 'running',
      attempts: 1,
      startedAt: new Date(Date.now() - 2000),
      holderJobId: deadJobId,
      holderAttempt: 1,
      leaseUntil: new Date(Date.now() + leaseFromNow),
    },
  })
  await runJob(r.companyId, r.runId, r.jobId, 1)

  const run = await db.dataSyncRun.findUniqueOrThrow({ where: { id: r.runId } })
  if (takenOver) {
    expect(rx.got).toEqual([r.batch0])
    expect(run).toMatchObject({ status: 'succeeded', attempts: 2, holderJobId: r.jobId, holderAttempt: 1 })
    expect((await db.dataSync.findUniqueOrThrow({ where: { id: r.syncId } })).cursor).toBe(run.toCursor)
  } else {
    expect(rx.got).toEqual([])
    expect(run).toMatchObject({ status: 'running', attempts: 1, holderJobId: deadJobId })
  }
})

test('a holder that lost its hold writes nothing more', async () => {
  const r = await startedRun('Fenced')
  const otherJobId = r.jobId + 30_000
  // Another job took the run over while this attempt was posting: its result must not land.
  server.removeAllListeners('request')
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    req.resume()
    req.on('end', async () => {
      rx.got.push(String(req.headers['x-webhook-id']))
      await db.dataSyncRun.update({ where: { id: r.runId }, data: { holderJobId: otherJobId, holderAttempt: 1 } })
      res.writeHead(200).end('ok')
    })
  })
  await runJob(r.companyId, r.runId, r.jobId, 1)

  const run = await db.dataSyncRun.findUniqueOrThrow({ where: { id: r.runId } })
  expect(rx.got).toEqual([r.batch0])
  expect(run).toMatchObject({ status: 'running', batchesSent: 0, holderJobId: otherJobId })
  expect(await db.dataSyncAttempt.count({ where: { runId: r.runId } })).toBe(0)
  expect((await db.dataSync.findUniqueOrThrow({ where: { id: r.syncId } })).cursor).toBe(0)
})

test('a job that set the run retrying and died before queuing the retry: its next attempt queues it once', async () => {
  const r = await startedRun('Lost retry')
  const due = new Date(Date.now() + 60_000)
  await db.dataSyncRun.update({
    where: { id: r.runId },
    data: { status: 'retrying', attempts: 1, nextAttemptAt: due, holderJobId: r.jobId, holderAttempt: 1 },
  })
  const retries = async () => (await queuedJobs({ companyId: r.companyId, type: DATA_SYNC_RUN_JOB })).slice(1)
  expect(await retries()).toEqual([])

  await runJob(r.companyId, r.runId, r.jobId, 2)
  await runJob(r.companyId, r.runId, r.jobId, 3)
  expect(rx.got).toEqual([]) // not due yet
  expect(await retries()).toEqual([expect.objectContaining({ status: 'queued', runAt: due })])
  // Another job (not the holder's) queues nothing.
  await runJob(r.companyId, r.runId, r.jobId + 40_000, 1)
  expect(await retries()).toHaveLength(1)
})
