import { ajax, z } from '@/lib/http/ajax'
import { reportError } from '@/lib/errors/reporter'

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
  handler: ({ ctx, body }) => {
    const error = Object.assign(new Error(body.message), { name: 'ClientError', stack: body.stack ?? body.message })
    reportError({
      error, route: body.route, requestId: ctx.requestId,
      extra: { source: 'browser', companyId: ctx.principal?.companyId, userId: ctx.principal?.userId },
    })
    return { ok: true }
  },
})
