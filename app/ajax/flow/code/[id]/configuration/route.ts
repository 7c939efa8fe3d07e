import { ajax } from '@/lib/http/ajax'
import { codeConfigurationBody, getCodeConfiguration, saveCodeConfiguration } from '@/lib/flows/sandbox/code-ajax'

// GET /ajax/flow/code/{actionId}/configuration – the code action's source code, runtime and recipe
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => getCodeConfiguration(ctx.principal.companyId, params.id!),
})

// POST /ajax/flow/code/{actionId}/configuration – saves sourceCode, runtime, recipeId (compiled in the sandbox first; a new flow version)
export const POST = ajax({
  resources: ['flows_write'],
  body: codeConfigurationBody,
  handler: ({ ctx, params, body }) => saveCodeConfiguration(ctx.principal.companyId, params.id!, body),
})
