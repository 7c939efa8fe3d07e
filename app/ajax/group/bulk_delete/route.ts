import { ajax } from '@/lib/http/ajax'
import { bulkDeleteBody, deleteGroups } from '@/lib/groups/delete-groups'

// POST /ajax/group/bulk_delete – deletes several lists and segments at once
export const POST = ajax({
  resources: ['groups_write'],
  body: bulkDeleteBody,
  handler: async ({ ctx, body }) => ({ deleted: await deleteGroups(ctx.principal.companyId, body.ids) }),
})
