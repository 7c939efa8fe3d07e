import { ajax } from '@/lib/http/ajax'
import { sendTestPush, sendTestPushBody } from '@/lib/messaging/push/push-setup'

// POST /ajax/push/send-test – sends one test push to a device token with the saved service account
export const POST = ajax({
  resources: ['account_settings_write'],
  body: sendTestPushBody,
  handler: ({ ctx, body }) => sendTestPush(ctx.principal.companyId, body),
})
