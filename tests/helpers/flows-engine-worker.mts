// A flows engine worker process for the kill test (run with tsx): drains due runs on
// DATABASE_URL in small batches with a short lease, forever, until it is killed. NOW_OFFSET_MS
// moves its clock ahead of real time (runs that wait days are due to it).
// Env: WORKER_ID, LEASE_MS, BATCH, NOW_OFFSET_MS.
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { registerConsumers } from '@/lib/server/consumers'

registerConsumers() // a list-update step enters list-triggered flows
const workerId = process.env.WORKER_ID ?? `flows-${process.pid}`
const offset = Number(process.env.NOW_OFFSET_MS ?? 0)
console.log('started')
for (;;) {
  await drainFlowRuns({
    workerId,
    leaseMs: Number(process.env.LEASE_MS ?? 3000),
    batchSize: Number(process.env.BATCH ?? 25),
    maxStepsPerClaim: 1,
    ...(offset ? { now: () => new Date(Date.now() + offset) } : {}),
  })
  await new Promise((r) => setTimeout(r, 20))
}
