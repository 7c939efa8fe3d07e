import { ajax, z } from '@/lib/http/ajax'
import { startCheckout } from '@/lib/billing/start-checkout'

// POST /ajax/billing/checkout – a Stripe Checkout page for the plan, or { mode: 'manual' } without Stripe
export const POST = ajax({
  resources: ['billing_write'],
  body: z.object({ planKey: z.string().trim().min(1, 'Choose a plan.').max(100) }),
  handler: ({ ctx, body }) => startCheckout(ctx.principal.companyId, ctx.principal.user.email, body.planKey),
})
