import { apiRoute } from '@/lib/api/api-route'
import { createTag } from '@/lib/tags/tags'
import { createTagApiBody } from '@/lib/tags/api/tag-bodies'
import { tagsPage } from '@/lib/tags/api/tag-pages'
import { serializeTag } from '@/lib/tags/api/serialize-tags'

// GET /api/tags – the account's tags (filter by name, 50 per page)
export const GET = apiRoute({
  scopes: ['tags:read'],
  rate: 'S',
  handler: ({ ctx }) => tagsPage(ctx.companyId, ctx.url),
})

// POST /api/tags – creates a tag in the given group or the default group (201)
export const POST = apiRoute({
  scopes: ['tags:read', 'tags:write'],
  rate: 'S',
  body: createTagApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const tag = await createTag(ctx.companyId, {
      name: body.data.attributes.name,
      groupId: body.data.relationships?.['tag-group'].data.id ?? null,
    })
    const data = serializeTag(ctx.url, tag)
    return { data, links: { self: data.links.self } }
  },
})
