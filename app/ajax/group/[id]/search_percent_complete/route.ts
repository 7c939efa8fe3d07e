import { ajax } from '@/lib/http/ajax'
import { getGroup } from '@/lib/groups/get-group'

// GET /ajax/group/[id]/search_percent_complete – progress of a segment's background recompute
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => {
    const g = await getGroup(ctx.principal.companyId, params.id!)
    return {
      percentComplete: g.isProcessing ? g.processingPercent : 100,
      isProcessing: g.isProcessing,
      memberCount: g.memberCount,
    }
  },
})
