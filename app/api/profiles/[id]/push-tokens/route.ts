import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { wholeLinks } from '@/lib/api/profiles/profile-relations'
import { profilePushTokens } from '@/lib/messaging/push/list-profile-push-tokens'
import { PUSH_TOKEN_FIELDS, serializePushToken } from '@/lib/messaging/push/serialize-push-token'

// GET /api/profiles/{id}/push-tokens – the profile's push tokens
export const GET = apiRoute({
  scopes: ['profiles:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'push-token', PUSH_TOKEN_FIELDS)
    const tokens = await profilePushTokens(ctx.companyId, params.id!)
    return { data: tokens.map((t) => serializePushToken(ctx.url, t, fields)), links: wholeLinks(ctx.url) }
  },
})
