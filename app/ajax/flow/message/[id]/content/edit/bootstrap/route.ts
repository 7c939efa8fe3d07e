import { ajax } from '@/lib/http/ajax'
import { contentEditBootstrap } from '@/lib/flows/ajax/messages-preview'

// GET /ajax/flow/message/[id]/content/edit/bootstrap – what the content editor needs to open the message
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => contentEditBootstrap(ctx.principal.companyId, params.id!),
})
