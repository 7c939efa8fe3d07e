// The flows domain's job handlers (registered by lib/server/job-handlers.ts): 'flows.advance'
// drains the due runs of every company and leaves a job at the next wake-up time.
import { registerJobHandler } from '@/lib/jobs/queue'
import { drainFlowRuns } from './engine/advance-runs'
import { FLOW_ADVANCE_JOB } from './engine/wake'

export function register(): void {
  registerJobHandler(
    FLOW_ADVANCE_JOB,
    async () => {
      await drainFlowRuns()
    },
    { keepDone: false },
  )
}
