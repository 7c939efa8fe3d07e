import { apiRoute } from '@/lib/api/api-route'
import { createTagGroup } from '@/lib/tags/tag-groups'
import { createTagGroupApiBody } from '@/lib/tags/api/tag-bodies'
import { tagGroupsPage } from '@/lib/tags/api/tag-pages'
import { serializeTagGroup } from '@/lib/tags/api/serialize-tags'

// GET /api/tag-groups – the account's tag groups (the default group first made on demand)
export const GET = apiRoute({
  scopes: ['tags:read'],
  rate: 'S',
  handler: ({ ctx }) => tagGroupsPage(ctx.companyId, ctx.url),
})

// POST /api/tag-groups – creates a tag group (201)
export const POST = apiRoute({
  scopes: ['tags:read', 'tags:write'],
  rate: 'S',
  body: createTagGroupApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const g = await createTagGroup(ctx.companyId, body.data.attributes)
    const data = serializeTagGroup(ctx.url, g)
    return { data, links: { self: data.links.self } }
  },
})
