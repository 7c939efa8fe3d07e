import { apiRoute } from '@/lib/api/api-route'
import { listGroupsPage } from '@/lib/api/groups/list-groups-page'
import { SEGMENT } from '@/lib/groups/group-view'

// GET /api/segments – the account's segments, 10 per page
export const GET = apiRoute({
  scopes: ['segments:read'],
  rate: 'L',
  handler: ({ ctx }) => listGroupsPage(ctx.companyId, ctx.url, SEGMENT),
})
