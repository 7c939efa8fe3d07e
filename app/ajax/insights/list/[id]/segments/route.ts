import { ajax } from '@/lib/http/ajax'
import { getListSegmentSplit } from '@/lib/insights/get-list-segment-split'

// GET /ajax/insights/list/{id}/segments – how the list's members split across the segments
export const GET = ajax({
  resources: ['groups_read'],
  handler: ({ ctx, params }) => getListSegmentSplit(ctx.principal.companyId, params.id!),
})
