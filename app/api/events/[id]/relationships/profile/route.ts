import { apiRoute } from '@/lib/api/api-route'
import { findEventOrThrow } from '@/lib/api/events/find-event'

// GET /api/events/{id}/relationships/profile – the id of one event's profile
export const GET = apiRoute({
  scopes: ['events:read', 'profiles:read'],
  rate: 'XL',
  handler: async ({ ctx, params }) => {
    const event = await findEventOrThrow(ctx.companyId, params.id!)
    return { data: { type: 'profile', id: event.profileId }, links: { self: ctx.url.toString() } }
  },
})
