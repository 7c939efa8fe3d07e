import { ajax } from '@/lib/http/ajax'
import { holdoutOverrideBody, overrideFlowHoldout } from '@/lib/flows/ajax/flows-holdout'

// PUT /ajax/flow/{id}/holdout/override – this flow's holdout override (experimentId, overrideList)
export const PUT = ajax({
  resources: ['flows_write'],
  body: holdoutOverrideBody,
  handler: ({ ctx, body, params }) =>
    overrideFlowHoldout(ctx.principal.companyId, ctx.principal.userId, params.id!, body),
})
