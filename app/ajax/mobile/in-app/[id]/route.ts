import { ajax } from '@/lib/http/ajax'
import { deleteInAppMessage, getInAppMessage, saveInAppBody, saveInAppMessage } from '@/lib/mobile/in-app-messages'

// GET /ajax/mobile/in-app/{id} – one in-app message with its definition, audience and window
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx, params }) => ({ message: await getInAppMessage(ctx.principal.companyId, params.id!) }),
})

// PUT /ajax/mobile/in-app/{id} – saves name, definition, status, audience and window
export const PUT = ajax({
  resources: ['templates_read', 'templates_write'],
  body: saveInAppBody,
  handler: async ({ ctx, body, params }) => ({
    message: await saveInAppMessage(ctx.principal.companyId, params.id!, body),
  }),
})

// DELETE /ajax/mobile/in-app/{id}
export const DELETE = ajax({
  resources: ['templates_read', 'templates_write'],
  handler: async ({ ctx, params }) => {
    await deleteInAppMessage(ctx.principal.companyId, params.id!)
    return { ok: true }
  },
})
