import { ajax } from '@/lib/http/ajax'
import { companyConsent } from '@/lib/flows/ajax/other-misc'

// GET /ajax/flow/company-consent – per channel: whether the company can send on it and how many profiles consent
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => companyConsent(ctx.principal.companyId),
})
