import { ajax } from '@/lib/http/ajax'
import { camelQuery } from '@/lib/groups/paging'
import { listSuppressedProfiles, listSuppressedQuery } from '@/lib/groups/list-suppressed-profiles'

// GET /ajax/people/suppressed – suppressed profiles with reason and channel filters, paging and search
export const GET = ajax({
  resources: ['profile_read'],
  query: camelQuery(listSuppressedQuery),
  handler: ({ ctx, query }) => listSuppressedProfiles(ctx.principal.companyId, query),
})
