import { ajax } from '@/lib/http/ajax'
import { cloneVariation } from '@/lib/flows/ajax/ab-tests-manage'

// POST /ajax/flow/ab-test/variation/[id]/clone – copies a variation (id = its message id); weights are shared evenly again
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => cloneVariation(ctx.principal.companyId, params.id!),
})
