// A job worker process for the worker-kill tests (run with node --import tsx): the product's own
// job handlers on the real worker loop, on DATABASE_URL, with a short lease. HANG_AFTER_JOB=<type>
// makes it the victim: its handler of that type runs as the product's does, prints
// 'committed <type> <jobId>' and then never returns, so the test kills it after the job's effect
// is committed but before the job is completed (acknowledged); the job's lease then runs out and
// another worker runs it again.
// Env: WORKER_ID, VISIBILITY_MS, POLL_MS, HANG_AFTER_JOB.
import { startWorker } from '@/lib/jobs/worker'
import { handlers } from '@/lib/jobs/registry'
import { registerJobHandlers } from '@/lib/server/job-handlers'

const workerId = process.env.WORKER_ID ?? `kill-${process.pid}`
registerJobHandlers()
const hangAfter = process.env.HANG_AFTER_JOB
if (hangAfter) {
  const real = handlers.get(hangAfter)
  if (real?.kind !== 'single') throw new Error(`no single-job handler for ${hangAfter}`)
  handlers.set(hangAfter, {
    ...real,
    handler: async (payload, ctx) => {
      console.log(`claimed ${hangAfter} ${ctx.jobId}`)
      await real.handler(payload, ctx)
      console.log(`committed ${hangAfter} ${ctx.jobId}`)
      return new Promise(() => {})
    },
  })
}
startWorker({
  workerId,
  concurrency: 1,
  pollMs: Number(process.env.POLL_MS ?? 100),
  visibilityTimeoutMs: Number(process.env.VISIBILITY_MS ?? 60_000),
  log: (m) => console.log(`[worker ${workerId}] ${m}`),
})
console.log('started')
