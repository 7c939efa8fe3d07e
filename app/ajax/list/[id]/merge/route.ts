import { ajax } from '@/lib/http/ajax'
import { mergeListBody, mergeLists } from '@/lib/groups/merge-lists'

// POST /ajax/list/[id]/merge – adds another list's members to this list; answers with the task
export const POST = ajax({
  resources: ['groups_write'],
  body: mergeListBody,
  handler: async ({ ctx, params, body }) => ({
    task: await mergeLists(ctx.principal.companyId, params.id!, body.sourceListId),
  }),
})
