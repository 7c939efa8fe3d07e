import { ajax } from '@/lib/http/ajax'
import { camelQuery } from '@/lib/groups/paging'
import { listSubscribers, listSubscribersQuery } from '@/lib/groups/list-subscribers'

// GET /ajax/people/subscribers – profiles that can receive email marketing, with paging and search
export const GET = ajax({
  resources: ['profile_read'],
  query: camelQuery(listSubscribersQuery),
  handler: ({ ctx, query }) => listSubscribers(ctx.principal.companyId, query),
})
