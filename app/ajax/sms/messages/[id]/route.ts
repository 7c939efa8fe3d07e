import { ajax } from '@/lib/http/ajax'
import { getSmsMessage, saveSmsMessage, saveSmsMessageBody } from '@/lib/mobile/sms-message'

// GET /ajax/sms/messages/{id} – a campaign's or flow's SMS message body
export const GET = ajax({
  partial: ['campaigns_read', 'flows_read'],
  handler: async ({ ctx, params }) => ({ message: await getSmsMessage(ctx.principal.companyId, params.id!) }),
})

// PUT /ajax/sms/messages/{id} – saves the body (template variables allowed)
export const PUT = ajax({
  partial: ['campaigns_write', 'flows_content_write'],
  body: saveSmsMessageBody,
  handler: async ({ ctx, body, params }) => ({
    message: await saveSmsMessage(ctx.principal.companyId, params.id!, body, ctx.principal.resources),
  }),
})
