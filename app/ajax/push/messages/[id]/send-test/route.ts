import { ajax } from '@/lib/http/ajax'
import { sendTestPushMessage, sendTestPushMessageBody } from '@/lib/mobile/send-test-push'

// POST /ajax/push/messages/{id}/send-test – sends the message, rendered for a profile, to one of its devices
export const POST = ajax({
  partial: ['campaigns_write', 'flows_content_write'],
  body: sendTestPushMessageBody,
  handler: ({ ctx, body, params }) => sendTestPushMessage(ctx.principal.companyId, params.id!, body),
})
