import { apiRoute } from '@/lib/api/api-route'
import {
  bulkSubscribeBody,
  bulkSubscribePointer,
  checkSubscribeProfiles,
  toSubscribeInput,
} from '@/lib/api/subscription-body'
import { subscribeProfiles } from '@/lib/profiles/subscribe-profiles'

// POST /api/profile-subscription-bulk-create-jobs – subscribes up to 1000 profiles (202)
export const POST = apiRoute({
  scopes: ['lists:write', 'profiles:write', 'subscriptions:write'],
  rate: 'L',
  body: bulkSubscribeBody,
  status: 202,
  pointerFor: bulkSubscribePointer,
  handler: async ({ ctx, body }) => {
    const input = toSubscribeInput(body)
    await checkSubscribeProfiles(ctx.companyId, input)
    await subscribeProfiles(ctx.companyId, input)
  },
})
