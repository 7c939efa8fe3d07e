import { ajax } from '@/lib/http/ajax'
import { codeTestBody, testCode } from '@/lib/flows/sandbox/code-ajax'

// POST /ajax/flow/code/{actionId}/test – runs the code (saved, or sourceCode) in the sandbox for a sample profile; writes nothing
export const POST = ajax({
  resources: ['flows_write'],
  body: codeTestBody,
  handler: ({ ctx, params, body }) => testCode(ctx.principal.companyId, params.id!, body),
})
