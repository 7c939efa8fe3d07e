import { ajax } from '@/lib/http/ajax'
import { emailTrackingBody, getEmailTracking, saveEmailTracking } from '@/lib/messaging/email-settings/email-settings'

// GET /ajax/account/email/tracking – the open and click tracking switches
export const GET = ajax({
  resources: ['account_settings_read'],
  handler: async ({ ctx }) => ({ tracking: await getEmailTracking(ctx.principal.companyId) }),
})

// POST /ajax/account/email/tracking – saves them
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: emailTrackingBody,
  handler: async ({ ctx, body }) => ({ tracking: await saveEmailTracking(ctx.principal.companyId, body) }),
})
