import { ajax } from '@/lib/http/ajax'
import { listInvoices } from '@/lib/billing/invoices'

// GET /ajax/billing/invoices – the payment history, newest first
export const GET = ajax({
  resources: ['billing_read'],
  handler: async ({ ctx }) => ({ invoices: await listInvoices(ctx.principal.companyId) }),
})
