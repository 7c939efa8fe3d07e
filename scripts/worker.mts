// npm run worker: the job worker as its own process (larger installs run one or more of these
// beside `npm start`; claims are atomic, so any number can share the database).
// Stops gracefully on SIGINT/SIGTERM: running jobs finish, nothing new is claimed.
// DATABASE_URL picks the engine (SQLite file, or postgres:// for the graphile-worker queue).
import { startWorker } from '@/lib/jobs/worker'
import { registerJobHandlers } from '@/lib/server/job-handlers'

registerJobHandlers()

const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 2)
const pollMs = Number(process.env.WORKER_POLL_MS ?? 250)
const worker = startWorker({ concurrency, pollMs })
// The periodic trigger jobs (date-trigger scans, flow schedules) book themselves from here on.
void import('@/lib/flows/triggers/jobs')
  .then((m) => m.ensureTriggerJobs())
  .catch((e) => console.error('[worker] flow trigger jobs not booked:', e))
// The nightly predictive refit (issue 23 §3) books itself from here on.
void import('@/lib/predictive/jobs')
  .then((m) => m.ensurePredictiveJobs())
  .catch((e) => console.error('[worker] predictive refit not booked:', e))
// The monitors' evaluation every 5 minutes (issue 23 §4) books itself from here on.
void import('@/lib/monitors/jobs')
  .then((m) => m.ensureMonitorJobs())
  .catch((e) => console.error('[worker] monitors not booked:', e))
// The monthly partitions of "Event" on PostgreSQL (issue 22 §2): today's run, then daily.
void import('@/lib/events/event-partitions')
  .then((m) => m.ensureEventPartitionJobs())
  .catch((e) => console.error('[worker] event partitions not booked:', e))
// The per-day send rollup (issues 26 §4, 27 §6) every 15 minutes books itself from here on.
void import('@/lib/messaging/send-rollup-job')
  .then((m) => m.ensureSendRollupJobs())
  .catch((e) => console.error('[worker] send rollup not booked:', e))
// Form schedules due while no worker ran are applied now, and the next instant is booked.
void import('@/lib/forms/store/schedule-jobs')
  .then((m) => m.runFormSchedules())
  .catch((e) => console.error('[worker] form schedules not booked:', e))

let stopping = false
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return
    stopping = true
    console.info(`[worker] ${sig}: finishing running jobs…`)
    void worker.stop().then(() => process.exit(0))
  })
}
