import { ajax } from '@/lib/http/ajax'
import { getMessage } from '@/lib/flows/ajax/messages-view'
import { setSubject, subjectBody } from '@/lib/flows/ajax/messages-update'

// GET /ajax/content/variation/[id]/subject – a variation's subject line and preview text
export const GET = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx, params }) => {
    const { message } = await getMessage(ctx.principal.companyId, params.id!)
    return { id: message.id, subject: message.subject, previewText: message.previewText }
  },
})

// POST /ajax/content/variation/[id]/subject – sets them
export const POST = ajax({
  resources: ['flows_content_write'],
  body: subjectBody,
  handler: ({ ctx, params, body }) => setSubject(ctx.principal.companyId, params.id!, body),
})
