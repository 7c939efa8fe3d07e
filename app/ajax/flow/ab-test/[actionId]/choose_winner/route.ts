import { ajax } from '@/lib/http/ajax'
import { chooseWinner, chooseWinnerBody } from '@/lib/flows/ajax/ab-tests-manage'

// POST /ajax/flow/ab-test/[actionId]/choose_winner – ends the test with variationId as the winner; the engine then sends it to everyone
export const POST = ajax({
  resources: ['flows_write'],
  body: chooseWinnerBody,
  handler: ({ ctx, params, body }) => chooseWinner(ctx.principal.companyId, params.actionId!, body.variationId),
})
