import { ajax } from '@/lib/http/ajax'
import { getSmsSetupStatus } from '@/lib/messaging/sms/sms-registrations'

// GET /ajax/sms/setup-status – the SMS set-up checklist: account, sending numbers, keywords, disclosure, AU and NZ steps
export const GET = ajax({
  partial: ['sms_settings_read', 'account_settings_read'],
  handler: async ({ ctx }) => ({ status: await getSmsSetupStatus(ctx.principal.companyId) }),
})
