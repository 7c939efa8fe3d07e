import { ajax } from '@/lib/http/ajax'
import { countMembers } from '@/lib/groups/list-membership'

const memberCount = ajax({
  resources: ['groups_read'],
  csrf: false,
  handler: async ({ ctx, params }) => ({
    id: params.id!,
    memberCount: await countMembers(ctx.principal.companyId, params.id!),
  }),
})

// GET /ajax/group/[id]/member_count – the exact current member count
export const GET = memberCount
// POST /ajax/group/[id]/member_count – the same, as the spec's POST form of the call
export const POST = memberCount
