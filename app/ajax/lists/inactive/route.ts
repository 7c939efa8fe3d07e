import { ajax } from '@/lib/http/ajax'
import { inactiveGroupsQuery, listInactiveGroups } from '@/lib/groups/list-inactive-groups'

// GET /ajax/lists/inactive?days=90 – lists and segments with no joins and no campaign sends in the window
export const GET = ajax({
  resources: ['groups_read'],
  query: inactiveGroupsQuery,
  handler: ({ ctx, query }) => listInactiveGroups(ctx.principal.companyId, query.days),
})
