import { ajax, z } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { db } from '@/lib/db/client'
import { assignPlan } from '@/lib/billing/assign-plan'

// POST /ajax/staff/account/{companyId}/billing-plan – staff: put the account on a plan (audited; a paid plan without Stripe is invoiced)
export const POST = ajax({
  staff: ['staff_billing'],
  intParams: ['companyId'],
  body: z.object({ planKey: z.string().trim().min(1, 'Choose a plan.').max(100) }),
  handler: async ({ ctx, params, body }) => {
    const companyId = Number(params.companyId)
    if (!(await db.company.findUnique({ where: { id: companyId }, select: { id: true } }))) throw notFound()
    const r = await assignPlan(companyId, body.planKey, ctx.principal.userId)
    return { emailPlanKey: r.subscription.emailPlanKey, smsPlanKey: r.subscription.smsPlanKey, invoiceId: r.invoiceId }
  },
})
