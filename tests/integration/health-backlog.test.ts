/** @jest-environment node */
// Issue 22 §3: GET /health for load balancers (200 / 503 with the reasons) and the same figures
// on the developer tools: database reachability, worker heartbeats, the backlog per queue
// (depth, oldest due job's age; jobs booked for later left out) and the one-second cache.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { inWriteTx } from '@/lib/db/ops'
import { enqueue, startWorker, registerJobHandler } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { beatOps } from '@/lib/jobs/worker-heartbeat'
import { getHealth, maxJobAgeSeconds } from '@/lib/health/get-health'
import * as health from '@/app/health/route'
import * as backlog from '@/app/ajax/developer-tools/backlog/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

const T0 = new Date('2026-11-29T06:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
const body = async (res: Response): Promise<any> => res.json()

afterEach(() => setQueueClock(null))

test('no worker beat and an empty queue: 503 naming the workers; a beat makes it 200', async () => {
  setQueueClock(T0)
  const res = await health.GET()
  expect(res.status).toBe(503)
  expect(res.headers.get('cache-control')).toBe('no-store')
  const r = await body(res)
  expect(r).toMatchObject({ ok: false, problems: ['workers'], database: { reachable: true }, queues: [] })
  expect(r.workers).toEqual({ alive: 0, lastBeatAt: null, lastBeatAgeSeconds: null })
  expect(r.ingestRetries).toBe(0)

  await inWriteTx(() => beatOps('w-1', at(-60), at(-3)))
  setQueueClock(at(2)) // past the one-second cache
  const ok = await health.GET()
  expect(ok.status).toBe(200)
  expect((await body(ok)).workers).toEqual({ alive: 1, lastBeatAt: at(-3).toISOString(), lastBeatAgeSeconds: 5 })
  // A beat older than 30 s is a worker gone.
  setQueueClock(at(40))
  expect((await body(await health.GET())).workers.alive).toBe(0)
})

test('depth and oldest age per queue; future jobs are not backlog; an old job makes it 503', async () => {
  setQueueClock(at(100))
  await enqueue('h4.alpha', {}, { runAt: at(0) })
  await enqueue('h4.alpha', {}, { runAt: at(50) })
  await enqueue('h4.beta', {}, { runAt: at(90) })
  await enqueue('h4.beta', {}, { runAt: at(10_000) }) // booked for later
  await inWriteTx(() => beatOps('w-2', at(0), at(99)))
  const r = await getHealth({ fresh: true })
  expect(r.queues).toEqual([
    { queue: 'h4.alpha', depth: 2, running: 0, oldestAgeSeconds: 100 },
    { queue: 'h4.beta', depth: 1, running: 0, oldestAgeSeconds: 10 },
  ])
  expect(r).toMatchObject({ ok: true, totalDepth: 3, oldestAgeSeconds: 100 })

  setQueueClock(at(maxJobAgeSeconds() + 1))
  await inWriteTx(() => beatOps('w-2', at(0), at(maxJobAgeSeconds())))
  const late = await health.GET()
  expect(late.status).toBe(503)
  expect((await body(late)).problems).toEqual(['backlog'])
})

test('one answer a second: a job added meanwhile shows after the second', async () => {
  setQueueClock(at(20_000))
  const first = await getHealth()
  await enqueue('h4.gamma', {}, { runAt: at(19_000) })
  expect(await getHealth()).toBe(first)
  setQueueClock(at(20_001))
  expect((await getHealth()).queues.map((q) => q.queue)).toContain('h4.gamma')
})

test('a running worker beats, and the jobs it drained leave the backlog', async () => {
  const done: string[] = []
  registerJobHandler('h4.delta', async () => void done.push('x'))
  await enqueue('h4.delta', {})
  const worker = startWorker({ log: () => {}, pollMs: 20 })
  try {
    for (let i = 0; i < 200 && !done.length; i++) await new Promise((r) => setTimeout(r, 25))
    const r = await getHealth({ fresh: true })
    expect(r.workers.alive).toBeGreaterThanOrEqual(1)
    expect(r.queues.find((q) => q.queue === 'h4.delta')).toBeUndefined()
  } finally {
    await worker.stop()
  }
})

test('the developer tools read the same figures; signed out 401, a role without applications_read 403', async () => {
  const c = await makeCompany()
  const owner = await makeUser({ companyId: c.id, role: 'owner' })
  const support = await makeUser({ companyId: c.id, role: 'support' })
  const res = await backlog.GET(ajaxRequest('/ajax/developer-tools/backlog', { cookie: await signIn(owner.id, c.id) }))
  expect(res.status).toBe(200)
  const r = await body(res)
  expect(r).toHaveProperty('queues')
  expect(r).toHaveProperty('workers.alive')
  expect(r.database.reachable).toBe(true)
  expect((await backlog.GET(ajaxRequest('/ajax/developer-tools/backlog'))).status).toBe(401)
  const denied = await backlog.GET(
    ajaxRequest('/ajax/developer-tools/backlog', { cookie: await signIn(support.id, c.id) }),
  )
  expect(denied.status).toBe(403)
})
