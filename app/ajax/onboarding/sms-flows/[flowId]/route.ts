import { ajax } from '@/lib/http/ajax'
import { addSmsToFlow } from '@/lib/onboarding/add-sms-to-flow'

// POST /ajax/onboarding/sms-flows/{flowId} – adds an SMS step after the flow's first email (once)
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => addSmsToFlow(ctx.principal.companyId, params.flowId!),
})
