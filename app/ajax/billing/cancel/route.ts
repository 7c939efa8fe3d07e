import { ajax, z } from '@/lib/http/ajax'
import { cancellationPreview, setCancelAtPeriodEnd } from '@/lib/billing/cancel-subscription'

// GET /ajax/billing/cancel – what cancelling means (the free plan's limits against this period's usage), and when
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => cancellationPreview(ctx.principal.companyId),
})

// POST /ajax/billing/cancel – cancel at period end (cancel: true) or withdraw it (false)
export const POST = ajax({
  resources: ['billing_write'],
  body: z.object({ cancel: z.boolean() }),
  handler: ({ ctx, body }) => setCancelAtPeriodEnd(ctx.principal.companyId, ctx.principal.userId, body.cancel),
})
