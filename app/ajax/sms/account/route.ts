import { ajax } from '@/lib/http/ajax'
import { getSmsSettingsView, saveSmsSettings, saveSmsSettingsBody } from '@/lib/messaging/sms/sms-settings'

const READ = { partial: ['sms_settings_read', 'account_settings_read'] } as const

// GET /ajax/sms/account – the SMS provider account, phone numbers, keywords, pricing and quiet hours (token masked)
export const GET = ajax({
  ...READ,
  handler: async ({ ctx }) => ({ settings: await getSmsSettingsView(ctx.principal.companyId) }),
})

// POST /ajax/sms/account – saves them (a blank auth token keeps the stored one)
export const POST = ajax({
  ...READ,
  resources: ['account_settings_write'],
  body: saveSmsSettingsBody,
  handler: async ({ ctx, body }) => ({ settings: await saveSmsSettings(ctx.principal.companyId, body) }),
})
