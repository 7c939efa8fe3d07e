import { ajax } from '@/lib/http/ajax'
import { codeBootstrap } from '@/lib/flows/sandbox/code-ajax'

// GET /ajax/flow/code/{actionId}/bootstrap – the code editor's recipes, limits, runtimes and the input/output contract
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => codeBootstrap(ctx.principal.companyId, params.id!),
})
