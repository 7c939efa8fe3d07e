import { ajax } from '@/lib/http/ajax'
import { getSmsDisclosure, saveDisclosureBody, saveSmsDisclosure } from '@/lib/messaging/sms/sms-disclosure'

const READ = { partial: ['sms_settings_read', 'account_settings_read'] } as const

// GET /ajax/sms/disclosure – the SMS consent disclosure (a suggestion until one is saved)
export const GET = ajax({
  ...READ,
  handler: async ({ ctx }) => ({ disclosure: await getSmsDisclosure(ctx.principal.companyId) }),
})

// PUT /ajax/sms/disclosure – saves it in the SMS settings
export const PUT = ajax({
  ...READ,
  resources: ['account_settings_write'],
  body: saveDisclosureBody,
  handler: async ({ ctx, body }) => ({ disclosure: await saveSmsDisclosure(ctx.principal.companyId, body) }),
})
