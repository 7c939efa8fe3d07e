import { ajax } from '@/lib/http/ajax'
import { deleteVariation } from '@/lib/flows/ajax/ab-tests-manage'

// POST /ajax/flow/ab-test/variation/[id]/delete – removes a variation (not the winner, not the last one)
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => deleteVariation(ctx.principal.companyId, params.id!),
})
