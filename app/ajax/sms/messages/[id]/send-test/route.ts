import { ajax } from '@/lib/http/ajax'
import { sendTestSmsMessage, sendTestSmsMessageBody } from '@/lib/mobile/sms-message'

// POST /ajax/sms/messages/{id}/send-test – texts the body, rendered for a profile, to a phone number
export const POST = ajax({
  partial: ['campaigns_write', 'flows_content_write'],
  body: sendTestSmsMessageBody,
  handler: ({ ctx, body, params }) => sendTestSmsMessage(ctx.principal.companyId, params.id!, body),
})
