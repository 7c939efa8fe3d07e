import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import {
  deleteTransformation,
  getTransformation,
  listTransformationRuns,
  updateTransformation,
} from '@/lib/cdp-code/transformation-store'
import { CDP_CODE_READ, CDP_CODE_WRITE, transformationBody } from '@/lib/cdp-code/screen-data'

const missing = () => notFound('This transformation does not exist or was deleted.')

// GET /ajax/cdp/transformations/{id} – one transformation and its last 50 kept runs (drops and errors)
export const GET = ajax({
  resources: CDP_CODE_READ,
  handler: async ({ ctx, params }) => {
    const t = await getTransformation(ctx.principal.companyId, params.id!)
    if (!t) throw missing()
    return { transformation: t, runs: await listTransformationRuns(ctx.principal.companyId, t.id) }
  },
})

// PATCH /ajax/cdp/transformations/{id} – saves the code, the name or the on/off switch
export const PATCH = ajax({
  resources: CDP_CODE_WRITE,
  body: transformationBody.partial(),
  handler: async ({ ctx, body, params }) => {
    const t = await updateTransformation(ctx.principal.companyId, params.id!, body)
    if (!t) throw missing()
    return { transformation: t }
  },
})

// DELETE /ajax/cdp/transformations/{id} – deletes the transformation and its kept runs
export const DELETE = ajax({
  resources: CDP_CODE_WRITE,
  handler: async ({ ctx, params }) => {
    if (!(await deleteTransformation(ctx.principal.companyId, params.id!))) throw missing()
    return { deleted: true }
  },
})
