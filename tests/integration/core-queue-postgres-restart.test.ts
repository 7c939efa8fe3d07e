/** @jest-environment node */
// Issue 22 §3 (the soak's PostgreSQL restart), under the job queue itself: a private server this
// file stops and starts (Debian's PostgreSQL 15, port 55491; skipped where it is not installed),
// with no app schema (the queue installs its own). After a fast shutdown and a start on the same
// data directory, the queue's pool answers again (group-committed enqueues included), and the
// LISTEN connection of subscribe() has re-subscribed: a job added by another session after the
// restart wakes the subscriber (NOTIFY), which the soak's workers rely on to pick work up at once.
import pg from 'pg'
import { waitFor } from '../helpers/wait-for'
import { restartablePostgres } from '../helpers/restartable-postgres'

const server = restartablePostgres(55491, 'queue-restart')
const url = `postgres://postgres@127.0.0.1:${server.port}/postgres`

const run = server.available ? describe : describe.skip

run('PostgreSQL restart under the job queue', () => {
  beforeAll(() => {
    server.init()
  }, 120_000)

  afterAll(async () => {
    const { closePostgresJobQueues } = await import('@/lib/jobs/postgres-job-queue')
    await closePostgresJobQueues()
    server.destroy()
  }, 60_000)

  test('enqueue and LISTEN work again after the server restarts', async () => {
    const { postgresJobQueue } = await import('@/lib/jobs/postgres-job-queue')
    const queue = postgresJobQueue(url)
    await queue.prepare()
    let wakes = 0
    const unsubscribe = await queue.subscribe!(() => wakes++)
    const now = new Date()
    await Promise.all([1, 2, 3].map((n) => queue.enqueue('test.restart', { n }, {}, now)))
    await waitFor(() => wakes > 0, { timeout: 5_000 })

    server.stop()
    await expect(queue.enqueue('test.restart', { n: 4 }, {}, now)).rejects.toThrow()
    server.start()

    // The pool opens new connections; concurrent enqueues are grouped as before.
    await waitFor(
      () =>
        queue.enqueue('test.restart', { n: 5 }, {}, now).then(
          () => true,
          () => false,
        ),
      { timeout: 15_000, interval: 250 },
    )
    const ids = await Promise.all([6, 7, 8].map((n) => queue.enqueue('test.restart', { n }, {}, now)))
    expect(new Set(ids).size).toBe(3)

    // Another session adds a job: only the re-subscribed LISTEN can tell this process.
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    // The listener reconnects a second after the drop (and wakes the worker once then, in case).
    await waitFor(
      async () =>
        (await other.query(`select 1 from pg_stat_activity where query = 'LISTEN "jobs:insert"'`)).rowCount === 1,
      { timeout: 15_000, interval: 100, what: 'the LISTEN session back' },
    )
    wakes = 0
    await other.query(`select app_jobs.add_job('test.restart', '{"n":9}'::json)`)
    await waitFor(() => wakes > 0, { timeout: 5_000, interval: 50, what: 'a wake-up by NOTIFY' })
    await other.end()
    await unsubscribe()
  }, 120_000)
})
