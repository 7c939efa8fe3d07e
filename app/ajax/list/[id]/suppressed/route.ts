import { ajax } from '@/lib/http/ajax'
import { camelQuery } from '@/lib/groups/paging'
import { listSuppressedMembers, listSuppressedMembersQuery } from '@/lib/groups/list-suppressed-members'

// GET /ajax/list/[id]/suppressed – members of a list who cannot be emailed, with the reason
export const GET = ajax({
  resources: ['groups_read', 'profile_read'],
  query: camelQuery(listSuppressedMembersQuery),
  handler: ({ ctx, params, query }) => listSuppressedMembers(ctx.principal.companyId, params.id!, query),
})
