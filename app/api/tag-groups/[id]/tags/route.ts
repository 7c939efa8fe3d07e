import { apiRoute } from '@/lib/api/api-route'
import { getTagGroupOrThrow } from '@/lib/tags/tag-groups'
import { listTags } from '@/lib/tags/tags'
import { serializeTag } from '@/lib/tags/api/serialize-tags'

// GET /api/tag-groups/{id}/tags – the tags of a group
export const GET = apiRoute({
  scopes: ['tags:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const g = await getTagGroupOrThrow(ctx.companyId, params.id!)
    return {
      data: (await listTags(ctx.companyId, { groupId: g.id })).map((t) => serializeTag(ctx.url, t)),
      links: { self: ctx.url.toString() },
    }
  },
})
