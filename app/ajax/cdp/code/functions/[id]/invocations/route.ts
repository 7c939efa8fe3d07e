import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { getFunction } from '@/lib/cdp-code/function-store'
import { listInvocations } from '@/lib/cdp-code/invocations'
import { CDP_CODE_READ, toFunctionDto } from '@/lib/cdp-code/screen-data'

const query = z.object({
  status: z.enum(['ok', 'error', 'pending']).optional(),
  before: z.iso.datetime().optional(),
})

// GET /ajax/cdp/code/functions/{id}/invocations – the function and a page of its invocations, newest first
export const GET = ajax({
  resources: CDP_CODE_READ,
  query,
  handler: async ({ ctx, params, query }) => {
    const f = await getFunction(ctx.principal.companyId, params.id!)
    if (!f) throw notFound('This function does not exist or was deleted.')
    return { function: toFunctionDto(f), ...(await listInvocations(ctx.principal.companyId, f.id, query)) }
  },
})
