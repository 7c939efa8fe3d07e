import { apiRoute } from '@/lib/api/api-route'
import { profileGroups, wholeLinks } from '@/lib/api/profiles/profile-relations'

// GET /api/profiles/{id}/relationships/lists – the ids of the profile's lists
export const GET = apiRoute({
  scopes: ['lists:read', 'profiles:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const groups = await profileGroups(ctx.companyId, params.id!, 'list')
    return { data: groups.map((g) => ({ type: 'list', id: g.id })), links: wholeLinks(ctx.url) }
  },
})
