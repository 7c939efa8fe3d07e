import { ajax } from '@/lib/http/ajax'
import { emailSendingBody, getEmailSending, saveEmailSending } from '@/lib/messaging/email-settings/email-settings'

// GET /ajax/account/email/sending – the smart-sending window and the frequency caps per channel
export const GET = ajax({
  resources: ['account_settings_read'],
  handler: async ({ ctx }) => ({ sending: await getEmailSending(ctx.principal.companyId) }),
})

// POST /ajax/account/email/sending – saves them
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: emailSendingBody,
  handler: async ({ ctx, body }) => ({ sending: await saveEmailSending(ctx.principal.companyId, body) }),
})
