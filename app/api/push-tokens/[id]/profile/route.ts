import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { profileDocument } from '@/lib/api/profiles/profile-document'
import { getPushToken } from '@/lib/messaging/push/push-tokens'
import { getProfile } from '@/lib/profiles/get-profile'

// GET /api/push-tokens/{id}/profile – the profile the push token belongs to
export const GET = apiRoute({
  scopes: ['profiles:read', 'push-tokens:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await getPushToken(ctx.companyId, params.id!)
    if (!t) throw apiNotFound(`A push token with id ${params.id} was not found.`)
    const profile = await getProfile(ctx.companyId, t.profileId)
    if (!profile) throw apiNotFound(`The profile of push token ${params.id} was not found.`)
    const doc = await profileDocument(ctx.companyId, ctx.url, profile)
    return { ...doc, links: { self: ctx.url.toString() } }
  },
})
