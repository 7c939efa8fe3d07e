import { ajax } from '@/lib/http/ajax'
import { listRecomputeRuns } from '@/lib/groups/list-recompute-runs'

// GET /ajax/list/[id]/recompute-runs – a segment's recompute status and its last runs
export const GET = ajax({
  resources: ['groups_read'],
  handler: ({ ctx, params }) => listRecomputeRuns(ctx.principal.companyId, params.id!),
})
