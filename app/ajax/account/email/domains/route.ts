import { ajax } from '@/lib/http/ajax'
import { addDomainBody, addSendingDomain, listSendingDomains } from '@/lib/messaging/dkim/sending-domains'

// GET /ajax/account/email/domains – the sending domains with their DNS records and last check
export const GET = ajax({
  resources: ['account_settings_read'],
  handler: async ({ ctx }) => ({ domains: await listSendingDomains(ctx.principal.companyId) }),
})

// POST /ajax/account/email/domains – adds a domain and generates its DKIM key
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: addDomainBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ domain: await addSendingDomain(ctx.principal.companyId, body.domain) }),
})
