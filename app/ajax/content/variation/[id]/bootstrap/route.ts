import { ajax } from '@/lib/http/ajax'
import { contentEditBootstrap } from '@/lib/flows/ajax/messages-preview'

// GET /ajax/content/variation/[id]/bootstrap – what the editor needs to open a variation
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => contentEditBootstrap(ctx.principal.companyId, params.id!),
})
