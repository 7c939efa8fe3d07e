import { ajax } from '@/lib/http/ajax'
import { ensureListLink, getListEmbed } from '@/lib/growth/list-embed'

// GET /ajax/growth/list-embed/{listId} – the script tag and the list's no-JavaScript form snippet
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => getListEmbed(ctx.principal.companyId, params.listId!),
})

// POST /ajax/growth/list-embed/{listId} – creates the list's subscribe link for the snippet if it has none
export const POST = ajax({
  resources: ['groups_read', 'forms_write'],
  handler: async ({ ctx, params }) => ensureListLink(ctx.principal.companyId, params.listId!),
})
