// The cross-account clone job handler (registered by lib/server/job-handlers.ts).
import { PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { CLONE_JOB } from './clone-kinds'
import { runCrossAccountClone } from './run-clone'

export function register(): void {
  registerJobHandler(CLONE_JOB, async (payload) => {
    const id = (payload as { jobId?: unknown } | null)?.jobId
    if (typeof id !== 'number') throw new PermanentJobError(`Bad ${CLONE_JOB} payload`)
    await runCrossAccountClone(id)
  })
}
