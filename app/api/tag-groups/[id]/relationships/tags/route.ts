import { apiRoute } from '@/lib/api/api-route'
import { getTagGroupOrThrow } from '@/lib/tags/tag-groups'
import { listTags } from '@/lib/tags/tags'

// GET /api/tag-groups/{id}/relationships/tags – the ids of a group's tags
export const GET = apiRoute({
  scopes: ['tags:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const g = await getTagGroupOrThrow(ctx.companyId, params.id!)
    return {
      data: (await listTags(ctx.companyId, { groupId: g.id })).map((t) => ({ type: 'tag', id: t.id })),
      links: { self: ctx.url.toString() },
    }
  },
})
