import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { getInvoice } from '@/lib/billing/invoices'
import { invoicePdf } from '@/lib/billing/invoice-pdf'

// GET /ajax/billing/invoices/{id}/pdf – one invoice of the account as a PDF download
export const GET = ajax({
  resources: ['billing_read'],
  intParams: ['id'],
  handler: async ({ ctx, params }) => {
    const inv = await getInvoice(ctx.principal.companyId, Number(params.id))
    if (!inv) throw notFound()
    const pdf = invoicePdf(
      inv,
      { name: process.env.BILLING_SELLER_NAME || 'Merchant Automation' },
      ctx.principal.company,
    )
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${inv.number.replace(/[^\w.-]/g, '_')}.pdf"`,
        'cache-control': 'private, no-store',
      },
    })
  },
})
