import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { bisPointer, clientBisBody, subscribeFromBody } from '@/lib/catalog/back-in-stock/api-body'

// POST /client/back-in-stock-subscriptions – a shopper asks to hear when a variant is back, by public key (202)
export const POST = clientRoute({
  rate: { burst: 350, steady: 3500 },
  body: clientBisBody,
  status: 202,
  pointerFor: bisPointer,
  handler: async ({ ctx, body }) => {
    await subscribeFromBody(ctx.companyId, body, 'client')
  },
})

// OPTIONS /client/back-in-stock-subscriptions – CORS preflight
export const OPTIONS = clientPreflight
