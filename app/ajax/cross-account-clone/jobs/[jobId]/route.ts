import { ajax } from '@/lib/http/ajax'
import { getCloneJob } from '@/lib/portfolio/clone/clone-status'

// GET /ajax/cross-account-clone/jobs/{jobId} – a clone's state (pending, running, done with the copy's id, error)
export const GET = ajax({
  intParams: ['jobId'],
  handler: ({ ctx, params }) => getCloneJob(ctx.principal.userId, ctx.principal.companyId, Number(params.jobId)),
})
