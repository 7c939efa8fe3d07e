import { ajax } from '@/lib/http/ajax'
import { endAndRestart } from '@/lib/flows/ajax/ab-tests-manage'

// POST /ajax/flow/ab-test/[actionId]/end_and_restart/email – ends the running email experiment without a winner and starts a fresh one
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => endAndRestart(ctx.principal.companyId, params.actionId!, 'email'),
})
