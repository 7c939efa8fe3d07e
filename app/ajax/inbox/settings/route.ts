import { ajax } from '@/lib/http/ajax'
import { getInboxSettings } from '@/lib/inbox/automations/inbox-settings'

// GET /ajax/inbox/settings – business hours, away message, FAQ auto-answer, channels and numbers, general settings
export const GET = ajax({
  resources: ['sms_conversations_read'],
  handler: async ({ ctx }) => ({ settings: await getInboxSettings(ctx.principal.companyId) }),
})
