import { apiRoute } from '@/lib/api/api-route'
import { apiBisBody, bisPointer, subscribeFromBody } from '@/lib/catalog/back-in-stock/api-body'

// POST /api/back-in-stock-subscriptions – subscribes a profile to a variant's back-in-stock alert (202)
export const POST = apiRoute({
  scopes: ['catalogs:write', 'profiles:write'],
  rate: { burst: 350, steady: 3500 },
  body: apiBisBody,
  maxBodyBytes: 100 * 1024,
  status: 202,
  pointerFor: bisPointer,
  handler: async ({ ctx, body }) => {
    await subscribeFromBody(ctx.companyId, body, 'api')
  },
})
