import { ajax } from '@/lib/http/ajax'
import { createTransformation, listTransformations } from '@/lib/cdp-code/transformation-store'
import { CDP_CODE_READ, CDP_CODE_WRITE, TRANSFORMATION_STARTER, transformationBody } from '@/lib/cdp-code/screen-data'

// GET /ajax/cdp/transformations – the account's transformations and the starter code
export const GET = ajax({
  resources: CDP_CODE_READ,
  handler: async ({ ctx }) => ({
    transformations: await listTransformations(ctx.principal.companyId),
    starter: TRANSFORMATION_STARTER,
  }),
})

// POST /ajax/cdp/transformations – creates a transformation (checked by the sandbox; off until enabled)
export const POST = ajax({
  resources: CDP_CODE_WRITE,
  body: transformationBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ transformation: await createTransformation(ctx.principal.companyId, body) }),
})
