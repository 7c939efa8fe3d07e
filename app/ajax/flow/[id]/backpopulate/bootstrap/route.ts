import { ajax } from '@/lib/http/ajax'
import { backfillBootstrap } from '@/lib/flows/triggers/backfill'

// GET /ajax/flow/[id]/backpopulate/bootstrap – the trigger, how many profiles or events would be considered, and the latest task
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => backfillBootstrap(ctx.principal.companyId, params.id!),
})
