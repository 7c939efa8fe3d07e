import { ajax } from '@/lib/http/ajax'
import { priceSms, priceSmsBody } from '@/lib/messaging/sms/sms-pricing'

// POST /ajax/sms/pricing/estimate – segments × the country's rate for a body and a number of recipients
export const POST = ajax({
  partial: ['sms_settings_read', 'account_settings_read', 'campaigns_read', 'flows_read'],
  body: priceSmsBody,
  handler: ({ ctx, body }) => priceSms(ctx.principal.companyId, body),
})
