import { apiRoute } from '@/lib/api/api-route'
import { wholeLinks } from '@/lib/api/profiles/profile-relations'
import { profilePushTokens } from '@/lib/messaging/push/list-profile-push-tokens'

// GET /api/profiles/{id}/relationships/push-tokens – the ids of the profile's push tokens
export const GET = apiRoute({
  scopes: ['profiles:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const tokens = await profilePushTokens(ctx.companyId, params.id!)
    return { data: tokens.map((t) => ({ type: 'push-token', id: t.id })), links: wholeLinks(ctx.url) }
  },
})
