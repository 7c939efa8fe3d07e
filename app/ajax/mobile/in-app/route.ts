import { ajax } from '@/lib/http/ajax'
import { createInAppBody, createInAppMessage, listInAppMessages } from '@/lib/mobile/in-app-messages'

// GET /ajax/mobile/in-app – the company's in-app messages
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx }) => ({ messages: await listInAppMessages(ctx.principal.companyId) }),
})

// POST /ajax/mobile/in-app – a new draft in-app message
export const POST = ajax({
  resources: ['templates_read', 'templates_write'],
  body: createInAppBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ message: await createInAppMessage(ctx.principal.companyId, body) }),
})
