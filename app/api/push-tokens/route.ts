import { apiRoute } from '@/lib/api/api-route'
import { createPushTokenBody } from '@/lib/messaging/push/push-token-body'
import { registerPushToken } from '@/lib/messaging/push/push-tokens'
import { listPushTokensPage } from '@/lib/messaging/push/list-push-tokens-page'

// GET /api/push-tokens – the company's push tokens (filter, include=profile, cursor pages)
export const GET = apiRoute({
  scopes: ['profiles:read', 'push-tokens:read'],
  rate: 'M',
  handler: ({ ctx }) => listPushTokensPage(ctx.companyId, ctx.url),
})

// POST /api/push-tokens – creates or updates a push token for a profile found or created by its identifiers (202)
export const POST = apiRoute({
  scopes: ['profiles:write', 'push-tokens:write'],
  rate: 'L',
  body: createPushTokenBody,
  maxBodyBytes: 100 * 1024,
  status: 202,
  handler: async ({ ctx, body }) => {
    await registerPushToken(ctx.companyId, body, 'import')
  },
})
