import { ajax } from '@/lib/http/ajax'
import { codeNameBody, renameCode } from '@/lib/flows/sandbox/code-ajax'

// POST /ajax/flow/code/{actionId}/name – renames the code action (a new flow version)
export const POST = ajax({
  resources: ['flows_write'],
  body: codeNameBody,
  handler: ({ ctx, params, body }) => renameCode(ctx.principal.companyId, params.id!, body.name),
})
