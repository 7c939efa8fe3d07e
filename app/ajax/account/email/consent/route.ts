import { ajax } from '@/lib/http/ajax'
import { emailConsentBody, getEmailConsent, saveEmailConsent } from '@/lib/messaging/email-settings/email-settings'

// GET /ajax/account/email/consent – what an unsubscribe link removes
export const GET = ajax({
  resources: ['account_settings_read'],
  handler: async ({ ctx }) => ({ consent: await getEmailConsent(ctx.principal.companyId) }),
})

// POST /ajax/account/email/consent – saves it
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: emailConsentBody,
  handler: async ({ ctx, body }) => ({ consent: await saveEmailConsent(ctx.principal.companyId, body) }),
})
