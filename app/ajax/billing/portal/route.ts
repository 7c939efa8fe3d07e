import { ajax } from '@/lib/http/ajax'
import { AppError } from '@/lib/errors/app-error'
import { openBillingPortal } from '@/lib/billing/start-checkout'

// POST /ajax/billing/portal – Stripe's customer portal (cards, invoices) for the account's customer
export const POST = ajax({
  resources: ['billing_write'],
  handler: async ({ ctx }) => {
    const portal = await openBillingPortal(ctx.principal.companyId)
    if (!portal) throw new AppError('not_available', 409, 'There is no payment account to manage yet.')
    return portal
  },
})
