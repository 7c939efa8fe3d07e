import { z } from 'zod'
import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { recordPushOpen } from '@/lib/messaging/push/push-open'

const pushOpenBody = z.object({
  data: z.object({
    type: z.literal('push-open'),
    attributes: z.object({ open_token: z.string().min(1).max(300) }),
  }),
})

// POST /client/push-opens – the app reports that its user opened a push (open_token from the push's data; 202)
export const POST = clientRoute({
  rate: 'XL',
  body: pushOpenBody,
  maxBodyBytes: 10 * 1024,
  status: 202,
  handler: async ({ ctx, body }) => {
    if (!(await recordPushOpen(ctx.companyId, body.data.attributes.open_token))) {
      throw new ApiError(400, 'invalid', 'The open_token is not valid for this company.', {
        pointer: '/data/attributes/open_token',
      })
    }
  },
})

// OPTIONS /client/push-opens – CORS preflight
export const OPTIONS = clientPreflight
