/** @jest-environment node */
// Kill test (issue 30, worker-kill tests): a data sync run under a crash. A worker process runs a
// 'data-sync.run' job of three batches; the destination accepts the first batch and holds the
// second unanswered, and the worker is killed with SIGKILL while it waits (the batch decided and
// posted, its progress not committed). Once the dead worker's lease ends a fresh worker runs the
// job again and the run resumes after the last accepted batch: the held batch is posted again
// under the same X-Webhook-Id (a receiver drops the repeat by that id), every change is accepted
// exactly once, and the run succeeds. Before the fix the second worker found the run 'running'
// (taken less than 15 minutes ago), left it, and completed the job: the run stayed 'running' for
// good and the sync could start no other run.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { jobQueue } from '@/lib/jobs/queue'
import { BATCH_SIZE } from '@/lib/data-sync/run-sync'
import { DATA_SYNC_RUN_JOB } from '@/lib/data-sync/start-sync-run'
import * as syncs from '@/app/ajax/data-sync/destinations/[destination]/syncs/route'
import * as runNow from '@/app/ajax/data-sync/destinations/[destination]/syncs/[id]/run/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { startWorkerChild, stopAll } from '../helpers/kill-harness'
import { queuedJobs } from '../helpers/queued-jobs'
import { waitFor } from '../helpers/wait-for'

interface Arrival {
  id: string
  changes: number[]
  answered: boolean
}
const rx = { url: '', arrivals: [] as Arrival[], hold: '' }
let server: http.Server

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1' // the destination on 127.0.0.1, in the worker processes too
  await jobQueue().prepare()
  // The destination: answers 200, except the batch named by rx.hold, which it never answers.
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const arrival: Arrival = {
        id: String(req.headers['x-webhook-id']),
        changes: (JSON.parse(body) as { changes: { id: number }[] }).changes.map((c) => c.id),
        answered: answers(String(req.headers['x-webhook-id'])),
      }
      rx.arrivals.push(arrival)
      if (arrival.answered) res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  rx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sync`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
})
afterEach(stopAll)

/** The held batch is held once: its repeat is answered. */
function answers(id: string) {
  if (id !== rx.hold) return true
  rx.hold = ''
  return false
}

test('SIGKILL while a batch is in flight: a restart resumes after the accepted batches and the run succeeds', async () => {
  const companyId = (await makeCompany('Sync kill')).id
  const cookie = await signIn((await makeUser({ companyId, role: 'owner' })).id, companyId)
  const list = await db.group.create({ data: { id: ulid(), companyId, name: 'Newsletter', type: 0 } })
  const profile = await db.profile.create({ data: { id: ulid(), companyId, email: 'many@example.test' } })
  const total = 2 * BATCH_SIZE + 20
  await db.groupMembershipChange.createMany({
    data: Array.from({ length: total }, (_, i) => ({
      companyId,
      groupId: list.id,
      profileId: profile.id,
      kind: i % 2 ? 'left' : 'entered',
    })),
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
  const batchId = (n: number) => `sync:${syncId}:run:${runId}:batch:${n}`
  const run = () => db.dataSyncRun.findUniqueOrThrow({ where: { id: runId } })
  rx.hold = batchId(1)

  const victim = startWorkerChild({ WORKER_ID: 'victim', VISIBILITY_MS: '2000' })
  await waitFor(() => rx.arrivals.some((a) => a.id === batchId(1)), {
    timeout: 60_000,
    what: 'the second batch to arrive',
    detail: victim.output,
  })
  await victim.kill()

  // At the kill: the first batch accepted and its progress committed, the run still 'running'.
  expect(await run()).toMatchObject({ status: 'running', batchesSent: 1, rows: BATCH_SIZE, attempts: 1 })
  expect(await queuedJobs({ companyId, type: DATA_SYNC_RUN_JOB })).toEqual([
    expect.objectContaining({ status: 'running', attempts: 1 }),
  ])

  const survivor = startWorkerChild({ WORKER_ID: 'survivor' })
  await waitFor(
    async () => (await queuedJobs({ companyId, type: DATA_SYNC_RUN_JOB })).every((j) => j.status === 'done'),
    {
      timeout: 60_000,
      what: 'the job to complete',
      detail: survivor.output,
    },
  )

  expect(await run()).toMatchObject({ status: 'succeeded', batchesSent: 3, rows: total })
  expect(rx.arrivals.map((a) => [a.id, a.answered])).toEqual([
    [batchId(0), true],
    [batchId(1), false],
    [batchId(1), true], // the same id: a receiver that keeps ids drops it if it had taken the first
    [batchId(2), true],
  ])
  const accepted = rx.arrivals.filter((a) => a.answered).flatMap((a) => a.changes)
  expect(accepted).toHaveLength(total)
  expect(new Set(accepted).size).toBe(total)
  expect((await db.dataSync.findUniqueOrThrow({ where: { id: syncId } })).cursor).toBe((await run()).toCursor)
})
