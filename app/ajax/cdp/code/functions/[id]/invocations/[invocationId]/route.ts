import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { getInvocation } from '@/lib/cdp-code/invocations'
import { CDP_CODE_READ } from '@/lib/cdp-code/screen-data'

// GET /ajax/cdp/code/functions/{id}/invocations/{invocationId} – one invocation with its input, output and logs
export const GET = ajax({
  resources: CDP_CODE_READ,
  handler: async ({ ctx, params }) => {
    const inv = await getInvocation(ctx.principal.companyId, params.id!, params.invocationId!)
    if (!inv) throw notFound('This invocation does not exist.')
    return { invocation: inv }
  },
})
