import { apiRoute } from '@/lib/api/api-route'
import { getTagOrThrow } from '@/lib/tags/tags'
import { getTagGroupOrThrow } from '@/lib/tags/tag-groups'
import { serializeTagGroup } from '@/lib/tags/api/serialize-tags'

// GET /api/tags/{id}/tag-group – the group of a tag
export const GET = apiRoute({
  scopes: ['tags:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const tag = await getTagOrThrow(ctx.companyId, params.id!)
    const data = serializeTagGroup(ctx.url, await getTagGroupOrThrow(ctx.companyId, tag.groupId))
    return { data, links: { self: ctx.url.toString() } }
  },
})
