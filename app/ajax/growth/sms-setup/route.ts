import { ajax } from '@/lib/http/ajax'
import { getSmsSetup } from '@/lib/growth/sms-setup'

// GET /ajax/growth/sms-setup – SMS sending status, the script tag and the forms, for the SMS form wizards
export const GET = ajax({
  resources: ['forms_read'],
  handler: async ({ ctx }) => getSmsSetup(ctx.principal.companyId),
})
