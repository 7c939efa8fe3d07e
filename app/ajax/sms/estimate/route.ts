import { ajax } from '@/lib/http/ajax'
import { estimateSms, estimateSmsBody } from '@/lib/messaging/sms/estimate-sms'

// POST /ajax/sms/estimate – segment count (GSM-7 or UCS-2) and cost estimate of an SMS body
export const POST = ajax({
  partial: ['sms_settings_read', 'account_settings_read', 'campaigns_read', 'flows_read'],
  body: estimateSmsBody,
  handler: ({ ctx, body }) => estimateSms(ctx.principal.companyId, body),
})
