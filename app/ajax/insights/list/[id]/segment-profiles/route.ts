import { ajax } from '@/lib/http/ajax'
import { listSegmentProfiles, segmentProfilesQuery } from '@/lib/insights/get-list-segment-split'

// GET /ajax/insights/list/{id}/segment-profiles – the list's members who are in one segment
export const GET = ajax({
  resources: ['groups_read', 'profile_read'],
  query: segmentProfilesQuery,
  handler: ({ ctx, query, params }) => listSegmentProfiles(ctx.principal.companyId, params.id!, query),
})
