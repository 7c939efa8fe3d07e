import { ajax } from '@/lib/http/ajax'
import { confirmPhoneCode, confirmPhoneCodeBody } from '@/lib/onboarding/phone-verification'

// POST /ajax/onboarding/verify-phone/confirm {code} – checks the texted code (once, within 10 minutes)
export const POST = ajax({
  resources: ['account_settings_write'],
  body: confirmPhoneCodeBody,
  handler: ({ ctx, body }) => confirmPhoneCode(ctx.principal.companyId, body.code),
})
