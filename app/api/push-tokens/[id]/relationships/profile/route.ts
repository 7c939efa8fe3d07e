import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { getPushToken } from '@/lib/messaging/push/push-tokens'

// GET /api/push-tokens/{id}/relationships/profile – the id of the push token's profile
export const GET = apiRoute({
  scopes: ['profiles:read', 'push-tokens:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await getPushToken(ctx.companyId, params.id!)
    if (!t) throw apiNotFound(`A push token with id ${params.id} was not found.`)
    return { data: { type: 'profile', id: t.profileId }, links: { self: ctx.url.toString() } }
  },
})
