import { ajax } from '@/lib/http/ajax'
import { deleteAbTest } from '@/lib/flows/ajax/ab-tests-manage'

// POST /ajax/flow/ab-test/[actionId]/delete – removes the test: the action sends the winner (or the main message) as a plain send action
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => deleteAbTest(ctx.principal.companyId, params.actionId!),
})
