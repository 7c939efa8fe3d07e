import { ajax } from '@/lib/http/ajax'
import { companyInformationBody, getCompanyInformation, saveCompanyInformation } from '@/lib/billing/billing-address'

// GET /ajax/account/billing-company-information – the company name and tax id on invoices
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => getCompanyInformation(ctx.principal.companyId),
})

// POST /ajax/account/billing-company-information – saves them
export const POST = ajax({
  resources: ['billing_write'],
  body: companyInformationBody,
  handler: ({ ctx, body }) => saveCompanyInformation(ctx.principal.companyId, body),
})
