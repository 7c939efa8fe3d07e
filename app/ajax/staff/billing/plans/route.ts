import { ajax } from '@/lib/http/ajax'
import { listPlans } from '@/lib/billing/plans'
import { savePlan, savePlanBody } from '@/lib/billing/save-plan'

// GET /ajax/staff/billing/plans – staff: every plan, inactive ones too
export const GET = ajax({
  staff: ['staff_billing'],
  handler: async () => ({ plans: await listPlans() }),
})

// POST /ajax/staff/billing/plans – staff: add or edit a plan (prices and limits are the operator's)
export const POST = ajax({
  staff: ['staff_billing'],
  body: savePlanBody,
  handler: async ({ body }) => ({ plan: await savePlan(body) }),
})
