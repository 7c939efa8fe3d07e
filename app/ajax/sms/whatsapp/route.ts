import { ajax } from '@/lib/http/ajax'
import {
  getWhatsAppSettingsView,
  saveWhatsAppSettings,
  saveWhatsAppSettingsBody,
} from '@/lib/messaging/whatsapp/whatsapp-settings'

const READ = { partial: ['sms_settings_read', 'account_settings_read'] } as const

// GET /ajax/sms/whatsapp – the WhatsApp Cloud API settings (token and app secret masked), webhook URL and verify token
export const GET = ajax({
  ...READ,
  handler: async ({ ctx }) => ({ settings: await getWhatsAppSettingsView(ctx.principal.companyId) }),
})

// POST /ajax/sms/whatsapp – saves them (blank token or secret keeps the stored one)
export const POST = ajax({
  ...READ,
  resources: ['account_settings_write'],
  body: saveWhatsAppSettingsBody,
  handler: async ({ ctx, body }) => ({ settings: await saveWhatsAppSettings(ctx.principal.companyId, body) }),
})
