import { ajax } from '@/lib/http/ajax'
import { planFlow } from '@/lib/flows/generate/plan-flow'

// GET /ajax/flows/generate/{goal} – the draft a goal would make for this account and what it relies on
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => planFlow(ctx.principal.companyId, params.goal!),
})
