import { ajax } from '@/lib/http/ajax'
import { listFormsOfList } from '@/lib/growth/list-embed'

// GET /ajax/growth/list-forms/{listId} – the signup forms that subscribe to this list
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => listFormsOfList(ctx.principal.companyId, params.listId!),
})
