import { ajax } from '@/lib/http/ajax'
import { getSmsPricing, saveRatesBody, saveSmsRates } from '@/lib/messaging/sms/sms-pricing'

const READ = { partial: ['sms_settings_read', 'account_settings_read'] } as const

// GET /ajax/sms/pricing – the cost per segment per country and the account's default
export const GET = ajax({
  ...READ,
  handler: async ({ ctx }) => ({ pricing: await getSmsPricing(ctx.principal.companyId) }),
})

// PUT /ajax/sms/pricing – replaces the per-country rates
export const PUT = ajax({
  ...READ,
  resources: ['account_settings_write'],
  body: saveRatesBody,
  handler: async ({ ctx, body }) => ({ pricing: await saveSmsRates(ctx.principal.companyId, body) }),
})
