import { apiRoute } from '@/lib/api/api-route'
import { unregisterPushTokenBody } from '@/lib/messaging/push/push-token-body'
import { unregisterPushToken } from '@/lib/messaging/push/push-tokens'

// POST /api/push-token-unregister – marks a token unregistered (server-side twin of /client/push-token-unregister; 202)
export const POST = apiRoute({
  scopes: ['push-tokens:write'],
  rate: 'L',
  body: unregisterPushTokenBody,
  maxBodyBytes: 100 * 1024,
  status: 202,
  handler: async ({ ctx, body }) => {
    await unregisterPushToken(ctx.companyId, body)
  },
})
