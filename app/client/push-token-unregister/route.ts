import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { unregisterPushTokenBody } from '@/lib/messaging/push/push-token-body'
import { unregisterPushToken } from '@/lib/messaging/push/push-tokens'

// POST /client/push-token-unregister – the mobile SDK says this device no longer takes pushes (202)
export const POST = clientRoute({
  rate: 'L',
  body: unregisterPushTokenBody,
  maxBodyBytes: 100 * 1024,
  status: 202,
  handler: async ({ ctx, body }) => {
    await unregisterPushToken(ctx.companyId, body)
  },
})

// OPTIONS /client/push-token-unregister – CORS preflight
export const OPTIONS = clientPreflight
