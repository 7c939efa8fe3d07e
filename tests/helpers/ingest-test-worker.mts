// A job worker process for the multi-process ingestion test (run with tsx): the product's own
// job handlers (lib/server/job-handlers: events.ingest, imports, …) on the real worker loop, on
// DATABASE_URL, with a short lease so a killed worker's jobs come back within seconds.
// Env: WORKER_ID, VISIBILITY_MS, POLL_MS.
import { startWorker } from '@/lib/jobs/worker'
import { registerJobHandlers } from '@/lib/server/job-handlers'

const workerId = process.env.WORKER_ID ?? `ingest-${process.pid}`
registerJobHandlers()
startWorker({
  workerId,
  concurrency: 2,
  pollMs: Number(process.env.POLL_MS ?? 250),
  visibilityTimeoutMs: Number(process.env.VISIBILITY_MS ?? 60_000),
  log: (m) => console.log(`[worker ${workerId}] ${m}`),
})
