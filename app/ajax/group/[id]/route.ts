import { ajax } from '@/lib/http/ajax'
import { getGroup } from '@/lib/groups/get-group'
import { updateGroup, updateGroupBody } from '@/lib/groups/update-group'
import { deleteGroups } from '@/lib/groups/delete-groups'

// GET /ajax/group/[id] – one list or segment (with a segment's definition)
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => ({ group: await getGroup(ctx.principal.companyId, params.id!) }),
})

// PATCH /ajax/group/[id] – rename, star, tag; a segment's new definition recomputes its members
export const PATCH = ajax({
  resources: ['groups_write'],
  body: updateGroupBody,
  handler: async ({ ctx, params, body }) => ({ group: await updateGroup(ctx.principal.companyId, params.id!, body) }),
})

// DELETE /ajax/group/[id] – deletes a list or segment
export const DELETE = ajax({
  resources: ['groups_write'],
  handler: async ({ ctx, params }) => ({ deleted: await deleteGroups(ctx.principal.companyId, [params.id!]) }),
})
