import { ajax } from '@/lib/http/ajax'
import { sendTestSms, sendTestSmsBody } from '@/lib/messaging/sms/send-test-sms'

// POST /ajax/sms/send-test – sends one test SMS with the saved settings
export const POST = ajax({
  resources: ['account_settings_write'],
  body: sendTestSmsBody,
  handler: ({ ctx, body }) => sendTestSms(ctx.principal.companyId, body),
})
