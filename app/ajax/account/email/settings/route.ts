import { ajax } from '@/lib/http/ajax'
import { emailSettingsBody, getEmailSettings, saveEmailSettings } from '@/lib/messaging/email-settings/email-settings'

// GET /ajax/account/email/settings – default sender, reply-to and the company SMTP server (never its password)
export const GET = ajax({
  resources: ['account_settings_read'],
  handler: async ({ ctx }) => ({ settings: await getEmailSettings(ctx.principal.companyId) }),
})

// POST /ajax/account/email/settings – saves them; an empty password field keeps the saved password
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: emailSettingsBody,
  handler: async ({ ctx, body }) => ({ settings: await saveEmailSettings(ctx.principal.companyId, body) }),
})
