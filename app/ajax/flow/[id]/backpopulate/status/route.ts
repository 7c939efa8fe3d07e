import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { getBackfillTask } from '@/lib/flows/triggers/backfill'

const statusQuery = z.object({ taskId: z.string().min(1).max(64).default('latest') })

// GET /ajax/flow/[id]/backpopulate/status?taskId=latest – a backpopulation task's status and progress (null: none yet)
export const GET = ajax({
  resources: ['flows_read'],
  query: statusQuery,
  handler: async ({ ctx, params, query }) => ({
    task: await getBackfillTask(ctx.principal.companyId, params.id!, query.taskId),
  }),
})
