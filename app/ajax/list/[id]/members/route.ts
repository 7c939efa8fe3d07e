import { ajax } from '@/lib/http/ajax'
import { camelQuery } from '@/lib/groups/paging'
import { listGroupMembers, listMembersQuery } from '@/lib/groups/list-group-members'
import { addProfilesToList, removeProfilesFromList } from '@/lib/groups/list-membership'
import { resolveMemberInput, memberChangeBody } from '@/lib/groups/resolve-member-input'

// GET /ajax/list/[id]/members – members of a list or segment, newest first, with paging and search
export const GET = ajax({
  resources: ['groups_read', 'profile_read'],
  query: camelQuery(listMembersQuery),
  handler: ({ ctx, params, query }) => listGroupMembers(ctx.principal.companyId, params.id!, query),
})

// POST /ajax/list/[id]/members – adds profiles (by id, or by email: unknown emails become profiles)
export const POST = ajax({
  resources: ['groups_write'],
  body: memberChangeBody,
  handler: async ({ ctx, params, body }) => {
    // Creating profiles for unknown emails is a profile write: without profile_write only
    // existing profiles can be added (unknown emails are then a 400, as for removal).
    const create = ctx.principal.resources.has('profile_write')
    const ids = await resolveMemberInput(ctx.principal.companyId, params.id!, body, { create })
    return addProfilesToList(ctx.principal.companyId, params.id!, ids, 'manual')
  },
})

// DELETE /ajax/list/[id]/members – removes profiles (by id or by email) from a list
export const DELETE = ajax({
  resources: ['groups_write'],
  body: memberChangeBody,
  handler: async ({ ctx, params, body }) => {
    const ids = await resolveMemberInput(ctx.principal.companyId, params.id!, body, { create: false })
    return removeProfilesFromList(ctx.principal.companyId, params.id!, ids)
  },
})
