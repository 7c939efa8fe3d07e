import { ajax } from '@/lib/http/ajax'
import { markBackfillNotified } from '@/lib/flows/triggers/backfill'

// GET /ajax/flow/[id]/backpopulate/notified_task/[taskId] – the finished task's completion notice was shown (marked once; returns the task)
export const GET = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx, params }) => ({
    task: await markBackfillNotified(ctx.principal.companyId, params.id!, params.taskId!),
  }),
})
