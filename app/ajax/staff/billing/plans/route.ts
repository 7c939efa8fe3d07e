import { ajax } from '@/lib/http/ajax'
import { listPlans } from '@/lib/billing/plans'
import { savePlan, savePlanBody } from '@/lib/billing/save-plan'
import { recordStaffAction } from '@/lib/staff/record-staff-action'

// GET /ajax/staff/billing/plans – staff: every plan, inactive ones too
export const GET = ajax({
  staff: ['staff_billing'],
  handler: async () => ({ plans: await listPlans() }),
})

// POST /ajax/staff/billing/plans – staff: add or edit a plan (prices and limits are the operator's; audited)
export const POST = ajax({
  staff: ['staff_billing'],
  body: savePlanBody,
  handler: async ({ ctx, body }) => {
    const { plan, created, changes } = await savePlan(body)
    // An edit that changed nothing is not an action worth a row in the trail.
    if (created || Object.keys(changes).length)
      await recordStaffAction({
        staffUserId: ctx.principal.userId,
        action: created ? 'plans.create' : 'plans.update',
        details: created ? { key: plan.key, plan } : { key: plan.key, changes },
        ip: ctx.ip,
      })
    return { plan }
  },
})
