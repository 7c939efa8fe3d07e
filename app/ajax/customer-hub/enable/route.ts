import { ajax } from '@/lib/http/ajax'
import { enableHub, enableHubBody } from '@/lib/customer-hub/hub-onboarding'

// POST /ajax/customer-hub/enable – turns the hub on or off {enabled, buttonEnabled?}
export const POST = ajax({
  body: enableHubBody,
  handler: ({ ctx, body }) => enableHub(ctx.principal.companyId, body),
})
