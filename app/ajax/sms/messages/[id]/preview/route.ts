import { ajax } from '@/lib/http/ajax'
import { previewSmsBody, previewSmsMessage } from '@/lib/mobile/sms-message'

// POST /ajax/sms/messages/{id}/preview – the body rendered for a profile (or a sample), its segments and cost
export const POST = ajax({
  partial: ['campaigns_read', 'flows_read'],
  body: previewSmsBody,
  handler: ({ ctx, body, params }) => previewSmsMessage(ctx.principal.companyId, params.id!, body),
})
