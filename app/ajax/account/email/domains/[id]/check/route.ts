import { ajax } from '@/lib/http/ajax'
import { checkSendingDomain } from '@/lib/messaging/dkim/sending-domains'

// POST /ajax/account/email/domains/{id}/check – looks the DKIM, SPF and DMARC records up in DNS
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  intParams: ['id'],
  handler: async ({ ctx, params }) => ({
    domain: await checkSendingDomain(ctx.principal.companyId, Number(params.id)),
  }),
})
