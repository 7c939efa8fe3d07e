import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { findEventOrThrow } from '@/lib/api/events/find-event'
import { profileDocument } from '@/lib/api/profiles/profile-document'
import { getProfile } from '@/lib/profiles/get-profile'

// GET /api/events/{id}/profile – the profile of one event (fields and additional-fields[profile])
export const GET = apiRoute({
  scopes: ['events:read', 'profiles:read'],
  rate: 'XL',
  handler: async ({ ctx, params }) => {
    const event = await findEventOrThrow(ctx.companyId, params.id!)
    const profile = await getProfile(ctx.companyId, event.profileId)
    if (!profile) throw apiNotFound(`The profile of event ${params.id} was not found.`)
    const doc = await profileDocument(ctx.companyId, ctx.url, profile)
    return { ...doc, links: { self: ctx.url.toString() } }
  },
})
