import { ajax } from '@/lib/http/ajax'
import { enableHub, enableHubBody } from '@/lib/customer-hub/hub-onboarding'

// POST /ajax/customer-hub/onboarding/enable – the onboarding's last step: turns the hub (and its store button) on
export const POST = ajax({
  body: enableHubBody,
  handler: ({ ctx, body }) => enableHub(ctx.principal.companyId, body),
})
