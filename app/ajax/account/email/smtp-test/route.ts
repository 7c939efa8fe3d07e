import { ajax } from '@/lib/http/ajax'
import { emailSettingsBody } from '@/lib/messaging/email-settings/email-settings'
import { testSmtpConnection } from '@/lib/messaging/email-settings/test-smtp-connection'

// POST /ajax/account/email/smtp-test – connects to the form's SMTP server and signs in, sends nothing
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: emailSettingsBody,
  handler: async ({ ctx, body }) => ({ result: await testSmtpConnection(ctx.principal.companyId, body) }),
})
