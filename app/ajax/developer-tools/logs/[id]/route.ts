import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { getRequestLog } from '@/lib/developer-tools/get-request-log'

// GET /ajax/developer-tools/logs/{id} – one logged request with its error body
export const GET = ajax({
  resources: ['applications_read'],
  intParams: ['id'],
  handler: async ({ ctx, params }) => {
    const log = await getRequestLog(ctx.principal.companyId, Number(params.id))
    if (!log) throw notFound('This request is not in the log (requests are kept for 7 days).')
    return { log }
  },
})
