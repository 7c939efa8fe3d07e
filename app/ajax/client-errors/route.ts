import { ajax, z } from '@/lib/http/ajax'
import { reportError } from '@/lib/errors/reporter'
import { enforceRequestLimits, type RequestLimit } from '@/lib/rate-limit/request-limit'

// A broken page reports each error once; more than this from one address is a flood.
const CLIENT_ERROR_LIMIT: RequestLimit = {
  bucket: 'client-errors:ip',
  max: 30,
  windowMs: 10 * 60 * 1000,
  message: 'Too many error reports. Please wait a few minutes.',
}

// Capped so a broken page cannot flood the log.
const clientErrorBody = z.object({
  message: z.string().max(2000),
  stack: z.string().max(10000).optional(),
  route: z.string().max(2000).optional(),
})

// POST /ajax/client-errors – the browser's error reports, forwarded to the error reporter
export const POST = ajax({
  auth: 'optional',
  body: clientErrorBody,
  handler: async ({ ctx, body }) => {
    await enforceRequestLimits([[CLIENT_ERROR_LIMIT, ctx.ip]])
    const error = Object.assign(new Error(body.message), { name: 'ClientError', stack: body.stack ?? body.message })
    reportError({
      error,
      route: body.route,
      requestId: ctx.requestId,
      extra: { source: 'browser', companyId: ctx.principal?.companyId, userId: ctx.principal?.userId },
    })
    return { ok: true }
  },
})
