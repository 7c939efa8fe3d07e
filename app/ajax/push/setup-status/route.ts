import { ajax } from '@/lib/http/ajax'
import { pushSetupStatus } from '@/lib/messaging/push/push-setup'

// GET /ajax/push/setup-status – push provider, project id and device tokens of the account
export const GET = ajax({
  partial: ['push_settings_read', 'account_settings_read'],
  handler: ({ ctx }) => pushSetupStatus(ctx.principal.companyId),
})
