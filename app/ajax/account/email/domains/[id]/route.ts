import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { deleteSendingDomain } from '@/lib/messaging/dkim/sending-domains'

const domainId = (id: string | undefined): number => {
  const n = Number(id)
  if (!Number.isInteger(n) || n <= 0) throw notFound('No such sending domain.')
  return n
}

// DELETE /ajax/account/email/domains/{id} – removes a sending domain and its key
export const DELETE = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  handler: async ({ ctx, params }) => {
    await deleteSendingDomain(ctx.principal.companyId, domainId(params.id))
    return { deleted: true }
  },
})
