import { apiRoute } from '@/lib/api/api-route'
import { memberIdsPage } from '@/lib/api/groups/member-ids-page'
import { SEGMENT } from '@/lib/groups/group-view'

// GET /api/segments/{id}/relationships/profiles – the ids of a segment's current members
export const GET = apiRoute({
  scopes: ['segments:read', 'profiles:read'],
  rate: 'L',
  handler: ({ ctx, params }) => memberIdsPage(ctx.companyId, ctx.url, params.id!, SEGMENT),
})
