import { ajax } from '@/lib/http/ajax'
import { publishBody, publishTest } from '@/lib/flows/ajax/ab-tests-manage'

// PUT /ajax/flow/ab-test/[actionId]/publish – starts the experiment (talonId)
export const PUT = ajax({
  resources: ['flows_write'],
  body: publishBody,
  handler: ({ ctx, params, body }) => publishTest(ctx.principal.companyId, params.actionId!, body.talonId),
})
