/** @jest-environment node */
// A PostgreSQL restart while the app runs, on a private server this file can stop and start
// (Debian's PostgreSQL 15, port 55490; skipped where it is not installed). Through the real
// handlers: while the server is down /api and /ajax answer 503 with Retry-After (not 500);
// once it is back the same process answers 200 again without a restart (the pg pool
// reconnects), and the in-process worker, whose loop kept running through the outage, does the
// job that was enqueued before it.
import { execFileSync } from 'node:child_process'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { waitFor } from '../helpers/wait-for'
import { restartablePostgres } from '../helpers/restartable-postgres'

const server = restartablePostgres(55490, 'outage')
const url = `postgres://postgres@127.0.0.1:${server.port}/app`

const run = server.available ? describe : describe.skip

run('PostgreSQL restart while the app runs', () => {
  const logs: string[] = []
  let worker: { stop(): Promise<void> } | undefined
  let apiKey: string
  let cookie: string
  let companyId: number
  const done: number[] = []

  beforeAll(async () => {
    server.init()
    server.createdb('app')
    execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    process.env.DATABASE_URL = url
    process.env.SESSION_SECRET ??= 'x'.repeat(40)

    companyId = (await makeCompany()).id
    apiKey = await makeApiKey(companyId)
    const user = await makeUser({ companyId })
    cookie = await signIn(user.id, companyId)

    const { registerJobHandler, startWorker } = await import('@/lib/jobs/queue')
    const { loadJobHandlers } = await import('@/lib/jobs/registry')
    await loadJobHandlers()
    registerJobHandler('test.outage', async (_payload, ctx) => {
      done.push(ctx.jobId)
    })
    worker = startWorker({ pollMs: 100, log: (m) => logs.push(m) })
  }, 180_000)

  afterAll(async () => {
    await worker?.stop()
    const { closePgPool } = await import('@/lib/db/pg-pool')
    const { closePostgresJobQueues } = await import('@/lib/jobs/postgres-job-queue')
    await closePgPool()
    await closePostgresJobQueues()
    server.destroy()
  }, 60_000)

  const ajaxLocale = async () => {
    const { GET } = await import('@/app/ajax/current-locale/route')
    return GET(ajaxRequest('/ajax/current-locale', { cookie }))
  }

  // A page as scripts/server.mjs serves it: the render reads the database and, failing, answers 500.
  const pageStatus = async (): Promise<{ status: number; retryAfter: string | null }> => {
    const http = await import('node:http')
    const { answerOutagesWith503 } = await import('../../scripts/outage-status.mjs')
    const { db } = await import('@/lib/db/client')
    const server = http.createServer((_req, res) => {
      answerOutagesWith503(res)
      db.company.count().then(
        () => ((res.statusCode = 500), res.end('render failed for another reason')),
        () => ((res.statusCode = 500), res.end('error screen')),
      )
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    try {
      const { port } = server.address() as import('node:net').AddressInfo
      const r = await fetch(`http://127.0.0.1:${port}/dashboard`)
      return { status: r.status, retryAfter: r.headers.get('Retry-After') }
    } finally {
      server.close()
    }
  }

  test('503 with Retry-After during the outage, 200 after it, and the job enqueued before it is done', async () => {
    const { enqueue, getJob } = await import('@/lib/jobs/queue')
    const { forgetCachedKeys } = await import('@/lib/api-keys/authenticate-api-key')
    expect((await api('GET', '/api/metrics', { key: apiKey })).status).toBe(200)
    expect((await ajaxLocale()).status).toBe(200)

    // Due a moment after the server goes down, so the worker meets the outage when it claims it.
    const jobId = await enqueue('test.outage', { n: 1 }, { companyId, runAt: new Date(Date.now() + 1500) })
    server.stop()
    forgetCachedKeys() // the key must be looked up in the database, as on a cold process

    const a = await api('GET', '/api/metrics', { key: apiKey })
    expect(a.status).toBe(503)
    expect(a.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/)
    expect(a.headers.get('content-type')).toBe('application/vnd.api+json')
    expect(a.json.errors[0]).toMatchObject({ status: 503, code: 'service_unavailable' })

    const c = await api('POST', '/client/events?company_id=NOPE', { body: {} })
    expect(c.status).toBe(503)
    expect(c.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/)
    expect(c.headers.get('Access-Control-Allow-Origin')).toBe('*')

    const j = await ajaxLocale()
    expect(j.status).toBe(503)
    expect(j.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/)
    expect(await j.json()).toMatchObject({ error: 'service_unavailable' })

    // A page (server.mjs's rewrite of a render's 500): 503 with Retry-After while connections fail.
    const page = await pageStatus()
    expect(page.status).toBe(503)
    expect(page.retryAfter).toMatch(/^[1-9]\d*$/)

    // The job came due meanwhile; the worker's loop keeps failing to claim, without dying. Real
    // time is the subject: the job falls due on the real clock while the server is down.
    await new Promise((r) => setTimeout(r, 2500))
    expect(done).toEqual([])
    expect(logs.some((m) => /error/.test(m))).toBe(true)

    server.start()
    // The same process recovers by itself: new connections on the next requests.
    const recovered = async () => (await api('GET', '/api/metrics', { key: apiKey })).status === 200
    await waitFor(recovered, { timeout: 10_000, interval: 200 }).catch(() => {})
    expect((await api('GET', '/api/metrics', { key: apiKey })).status).toBe(200)
    expect((await ajaxLocale()).status).toBe(200)
    // The first connection that opens clears the mark: a page's own 500 is a 500 again.
    expect((await pageStatus()).status).toBe(500)

    await waitFor(() => done.includes(jobId), { timeout: 30_000 }).catch(() => {})
    expect(done).toEqual([jobId])
    // The handler ran; the queue marks the job done in its own commit just after.
    await waitFor(async () => (await getJob(jobId, companyId))?.status === 'done', { timeout: 10_000 }).catch(() => {})
    expect((await getJob(jobId, companyId))?.status).toBe('done')
    // The loop that failed says so at its next turn, which may come after another loop did the job.
    await waitFor(() => logs.some((m) => /recovered/.test(m)), { timeout: 10_000 }).catch(() => {})
    expect(logs.some((m) => /recovered/.test(m))).toBe(true)
  }, 120_000)
})
