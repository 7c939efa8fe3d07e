import { apiRoute } from '@/lib/api/api-route'
import { profileGroups, wholeLinks } from '@/lib/api/profiles/profile-relations'

// GET /api/profiles/{id}/relationships/segments – the ids of the profile's segments
export const GET = apiRoute({
  scopes: ['profiles:read', 'segments:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const groups = await profileGroups(ctx.companyId, params.id!, 'segment')
    return { data: groups.map((g) => ({ type: 'segment', id: g.id })), links: wholeLinks(ctx.url) }
  },
})
