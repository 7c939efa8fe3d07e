// A job worker process for the queue tests (run with tsx): registers one batch handler,
// 'test.record', that records each job id it runs, then runs the real worker (lib/jobs/worker)
// on DATABASE_URL (SQLite file or PostgreSQL). Recording is idempotent (primary key on job_id),
// as every handler must be; test_queue_deliveries counts every delivery, duplicates included.
// Env: WORKER_ID, VISIBILITY_MS, POLL_MS, BATCH, DELAY_MS, ANNOUNCE_BATCHES (print 'batch <n> leased'
// when a batch starts, before its delay, so a test can kill the process while it holds leases).
import pg from 'pg'
import Database from 'better-sqlite3'
import { registerBatchJobHandler, startWorker } from '@/lib/jobs/queue'
import { isPostgresUrl } from '@/lib/jobs/current-queue'

const url = process.env.DATABASE_URL!
const workerId = process.env.WORKER_ID ?? `test-${process.pid}`
const delayMs = Number(process.env.DELAY_MS ?? 0)
const announce = process.env.ANNOUNCE_BATCHES === '1'
let batches = 0
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let record: (ids: number[]) => Promise<void>
if (isPostgresUrl(url)) {
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  record = async (ids) => {
    await pool.query(
      `with d as (insert into test_queue_deliveries (job_id, worker) select unnest($1::bigint[]), $2)
       insert into test_queue_runs (job_id, worker) select unnest($1::bigint[]), $2 on conflict (job_id) do nothing`,
      [ids, workerId],
    )
  }
} else {
  const conn = new Database(url.slice('file:'.length), { timeout: 5000 })
  const delivery = conn.prepare('INSERT INTO test_queue_deliveries (job_id, worker) VALUES (?, ?)')
  const run = conn.prepare(
    `INSERT INTO test_queue_runs (job_id, worker, at) VALUES (?, ?, ?) ON CONFLICT (job_id) DO NOTHING`,
  )
  const tx = conn.transaction((ids: number[]) => {
    for (const id of ids) {
      delivery.run(id, workerId)
      run.run(id, workerId, Date.now())
    }
  })
  record = async (ids) => void tx(ids)
}

registerBatchJobHandler(
  'test.record',
  async (jobs) => {
    if (announce) console.log(`[worker ${workerId}] batch ${++batches} leased (${jobs.length} jobs)`)
    if (delayMs) await sleep(delayMs)
    await record(jobs.map((j) => j.id))
  },
  { batch: Number(process.env.BATCH ?? 50), keepDone: false },
)

startWorker({
  workerId,
  concurrency: 2,
  pollMs: Number(process.env.POLL_MS ?? 250),
  visibilityTimeoutMs: Number(process.env.VISIBILITY_MS ?? 60_000),
  coalesceMs: 0,
  log: (m) => console.log(`[worker ${workerId}] ${m}`),
})
