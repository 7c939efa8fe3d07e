import { ajax } from '@/lib/http/ajax'
import { sendPhoneCode, sendPhoneCodeBody } from '@/lib/onboarding/phone-verification'

// POST /ajax/onboarding/verify-phone {phone} – texts a 6-digit code to the account's phone (rate limited)
export const POST = ajax({
  resources: ['account_settings_write'],
  body: sendPhoneCodeBody,
  handler: ({ ctx, body }) => sendPhoneCode(ctx.principal.companyId, body.phone),
})
