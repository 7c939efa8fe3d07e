import { ajax } from '@/lib/http/ajax'
import { nonCompliantFlows } from '@/lib/flows/ajax/flows-non-compliant'

// GET /ajax/flows/non-compliant-list – flows that are on and have issues (non_compliant, trigger, anomaly)
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => nonCompliantFlows(ctx.principal.companyId),
})
