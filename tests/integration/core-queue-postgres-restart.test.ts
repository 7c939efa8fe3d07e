/** @jest-environment node */
// Issue 22 §3 (the soak's PostgreSQL restart), under the job queue itself: a private server this
// file stops and starts (Debian's PostgreSQL 15, port 55491; skipped where it is not installed),
// with no app schema (the queue installs its own). After a fast shutdown and a start on the same
// data directory, the queue's pool answers again (group-committed enqueues included), and the
// LISTEN connection of subscribe() has re-subscribed: a job added by another session after the
// restart wakes the subscriber (NOTIFY), which the soak's workers rely on to pick work up at once.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { waitFor } from '../helpers/wait-for'

const BIN = '/usr/lib/postgresql/15/bin'
const PORT = 55491
const available = fs.existsSync(path.join(BIN, 'pg_ctl')) && process.getuid?.() === 0
const dir = path.join(os.tmpdir(), `ma-pg-queue-restart-${process.pid}`)
const data = path.join(dir, 'data')
const url = `postgres://postgres@127.0.0.1:${PORT}/postgres`

const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  })
const startServer = () =>
  asPostgres('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${PORT} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`,
    'start',
  ])
const stopServer = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])

const run = available ? describe : describe.skip

run('PostgreSQL restart under the job queue', () => {
  beforeAll(() => {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    execFileSync('chown', ['postgres', dir])
    asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
    startServer()
  }, 120_000)

  afterAll(async () => {
    const { closePostgresJobQueues } = await import('@/lib/jobs/postgres-job-queue')
    await closePostgresJobQueues()
    try {
      stopServer()
    } catch {
      /* already stopped */
    }
    fs.rmSync(dir, { recursive: true, force: true })
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

    stopServer()
    await expect(queue.enqueue('test.restart', { n: 4 }, {}, now)).rejects.toThrow()
    startServer()

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
