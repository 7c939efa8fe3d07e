import { ajax } from '@/lib/http/ajax'
import { deleteSendingDomain } from '@/lib/messaging/dkim/sending-domains'

// DELETE /ajax/account/email/domains/{id} – removes a sending domain and its key
export const DELETE = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  intParams: ['id'],
  handler: async ({ ctx, params }) => {
    await deleteSendingDomain(ctx.principal.companyId, Number(params.id))
    return { deleted: true }
  },
})
