import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import {
  checkSubscribeProfiles,
  clientSubscribeInput,
  clientSubscribePointer,
  clientSubscriptionBody,
} from '@/lib/api/subscription-body'
import { subscribeProfiles } from '@/lib/profiles/subscribe-profiles'

// POST /client/subscriptions – a browser sign-up form subscribes a visitor to a list (202)
export const POST = clientRoute({
  rate: { burst: 350, steady: 750 },
  body: clientSubscriptionBody,
  status: 202,
  pointerFor: clientSubscribePointer,
  handler: async ({ ctx, body }) => {
    const input = clientSubscribeInput(body)
    await checkSubscribeProfiles(ctx.companyId, input)
    await subscribeProfiles(ctx.companyId, input, { mode: 'client' })
  },
})

// OPTIONS /client/subscriptions – CORS preflight
export const OPTIONS = clientPreflight
