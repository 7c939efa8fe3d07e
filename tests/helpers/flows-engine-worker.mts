// A flows engine worker process for the kill test (run with tsx): drains due runs on
// DATABASE_URL in small batches with a short lease, forever, until it is killed.
// Env: WORKER_ID, LEASE_MS, BATCH.
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { registerConsumers } from '@/lib/server/consumers'

registerConsumers() // a list-update step enters list-triggered flows
const workerId = process.env.WORKER_ID ?? `flows-${process.pid}`
console.log('started')
for (;;) {
  await drainFlowRuns({
    workerId,
    leaseMs: Number(process.env.LEASE_MS ?? 3000),
    batchSize: Number(process.env.BATCH ?? 25),
    maxStepsPerClaim: 1,
  })
  await new Promise((r) => setTimeout(r, 20))
}
