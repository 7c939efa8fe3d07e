import { ajax } from '@/lib/http/ajax'
import { flowClassifications } from '@/lib/flows/ajax/flows-classifications'

// GET /ajax/flows/classifications/ – each flow's purpose (welcome, abandoned_cart, …)
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => flowClassifications(ctx.principal.companyId),
})
