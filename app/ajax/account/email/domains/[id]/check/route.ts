import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { checkSendingDomain } from '@/lib/messaging/dkim/sending-domains'

// POST /ajax/account/email/domains/{id}/check – looks the DKIM, SPF and DMARC records up in DNS
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  handler: async ({ ctx, params }) => {
    const id = Number(params.id)
    if (!Number.isInteger(id) || id <= 0) throw notFound('No such sending domain.')
    return { domain: await checkSendingDomain(ctx.principal.companyId, id) }
  },
})
