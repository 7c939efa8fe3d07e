import { ajax } from '@/lib/http/ajax'
import { holdoutOverrideBody, overrideAllHoldouts } from '@/lib/flows/ajax/flows-holdout'

// PUT /ajax/flows/holdout/override – the account's holdout experiment (experimentId) and flows' overrides (overrideList)
export const PUT = ajax({
  resources: ['flows_write'],
  body: holdoutOverrideBody,
  handler: ({ ctx, body }) => overrideAllHoldouts(ctx.principal.companyId, ctx.principal.userId, body),
})
