import { ajax } from '@/lib/http/ajax'
import { sendTestWhatsApp, sendTestWhatsAppBody } from '@/lib/messaging/whatsapp/send-test-whatsapp'

// POST /ajax/sms/whatsapp/send-test – sends one approved template to a number with the saved settings
export const POST = ajax({
  resources: ['account_settings_write'],
  body: sendTestWhatsAppBody,
  handler: ({ ctx, body }) => sendTestWhatsApp(ctx.principal.companyId, body),
})
