// The 'flows.clone' job handler (registered by lib/server/job-handlers.ts).
import { PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { FLOW_CLONE_JOB, runFlowClone } from './flows-clone'

export function register(): void {
  registerJobHandler(FLOW_CLONE_JOB, async (payload) => {
    const key = (payload as { statusKey?: unknown } | null)?.statusKey
    if (typeof key !== 'string') throw new PermanentJobError('Bad flows.clone payload')
    await runFlowClone(key)
  })
}
