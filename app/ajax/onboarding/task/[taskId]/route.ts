import { ajax } from '@/lib/http/ajax'
import { getTaskStatus } from '@/lib/onboarding/task-status'

// GET /ajax/onboarding/task/{taskId} – the state of one of the account's background jobs
export const GET = ajax({
  intParams: ['taskId'],
  handler: ({ ctx, params }) => getTaskStatus(ctx.principal.companyId, Number(params.taskId)),
})
