// Data privacy deletion requests (POST /api/data-privacy-deletion-jobs) run on the job queue:
// the request is answered 202 at once and the deletion follows. The job carries its company
// (checked against the job row, never trusted from the payload alone) and the identifier, and
// is resolved when it runs, as the vendor deletes whatever the identifier names then. Retries
// after a crash are safe: each deletion is one transaction and finds nothing the second time.
import { enqueue, PermanentJobError, registerJobHandler, type JobContext } from '@/lib/jobs/queue'
import { deleteProfilesBy, type DeletionTarget } from './delete-profile-data'

export const DELETION_JOB = 'data-privacy.delete-profile'

interface DeletionPayload {
  companyId: number
  target: DeletionTarget
}

export async function requestProfileDeletion(companyId: number, target: DeletionTarget): Promise<number> {
  return enqueue(DELETION_JOB, { companyId, target } satisfies DeletionPayload, { companyId })
}

async function run(payload: DeletionPayload, ctx: JobContext): Promise<void> {
  if (!payload || payload.companyId !== ctx.companyId || !payload.target)
    throw new PermanentJobError('Deletion payload does not match the job company.')
  await deleteProfilesBy(payload.companyId, payload.target)
}

export function register(): void {
  registerJobHandler(DELETION_JOB, run)
}
