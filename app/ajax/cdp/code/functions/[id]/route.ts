import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { deleteFunction, getFunction, updateFunction } from '@/lib/cdp-code/function-store'
import { getAuthorization } from '@/lib/cdp-code/authorization'
import { metricNames } from '@/lib/cdp-code/sample-event'
import { CDP_CODE_READ, CDP_CODE_WRITE, functionBody, toFunctionDto } from '@/lib/cdp-code/screen-data'

const missing = () => notFound('This function does not exist or was deleted.')

// GET /ajax/cdp/code/functions/{id} – one function (secret names only), the consent and the metrics
export const GET = ajax({
  resources: CDP_CODE_READ,
  handler: async ({ ctx, params }) => {
    const f = await getFunction(ctx.principal.companyId, params.id!)
    if (!f) throw missing()
    return {
      function: toFunctionDto(f),
      authorization: await getAuthorization(ctx.principal.companyId),
      metrics: await metricNames(ctx.principal.companyId),
    }
  },
})

// PATCH /ajax/cdp/code/functions/{id} – saves the editor (name, trigger, code, secrets, on/off)
export const PATCH = ajax({
  resources: CDP_CODE_WRITE,
  body: functionBody.partial(),
  handler: async ({ ctx, body, params }) => {
    const f = await updateFunction(ctx.principal.companyId, params.id!, body)
    if (!f) throw missing()
    return { function: toFunctionDto(f) }
  },
})

// DELETE /ajax/cdp/code/functions/{id} – deletes the function and its invocations
export const DELETE = ajax({
  resources: CDP_CODE_WRITE,
  handler: async ({ ctx, params }) => {
    if (!(await deleteFunction(ctx.principal.companyId, params.id!))) throw missing()
    return { deleted: true }
  },
})
