import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { LIST_FIELDS, serializeList } from '@/lib/api/serialize-group'
import { profileGroups, wholeLinks } from '@/lib/api/profiles/profile-relations'

// GET /api/profiles/{id}/lists – the lists the profile is a member of
export const GET = apiRoute({
  scopes: ['lists:read', 'profiles:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'list', LIST_FIELDS)
    const groups = await profileGroups(ctx.companyId, params.id!, 'list')
    return { data: groups.map((g) => serializeList(ctx.url, g, { fields })), links: wholeLinks(ctx.url) }
  },
})
