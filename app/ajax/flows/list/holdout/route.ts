import { ajax } from '@/lib/http/ajax'
import { flowHoldouts } from '@/lib/flows/ajax/flows-holdout'

// GET /ajax/flows/list/holdout – the holdout experiment and whether each flow takes part
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => flowHoldouts(ctx.principal.companyId),
})
