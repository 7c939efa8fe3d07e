import { ajax, z } from '@/lib/http/ajax'
import { updateBillingEmail } from '@/lib/billing/billing-settings'

// POST /ajax/billing/email/update – the billing email (usage warnings, invoices); answers 200 or 400 only
export const POST = ajax({
  resources: ['billing_write'],
  body: z.object({
    billingEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Use at most 254 characters.')
      .email('Enter a valid email address.'),
  }),
  handler: ({ ctx, body }) => updateBillingEmail(ctx.principal.companyId, body.billingEmail),
})
