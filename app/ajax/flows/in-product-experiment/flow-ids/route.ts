import { ajax } from '@/lib/http/ajax'
import { experimentFlowIds } from '@/lib/flows/ajax/flows-experiment-ids'

// GET /ajax/flows/in-product-experiment/flow-ids – the flows in the company's flows experiment
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => experimentFlowIds(ctx.principal.companyId),
})
