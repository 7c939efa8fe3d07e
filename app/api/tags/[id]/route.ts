import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { deleteTag, getTagOrThrow, renameTag } from '@/lib/tags/tags'
import { updateTagApiBody } from '@/lib/tags/api/tag-bodies'
import { serializeTag, TAG_FIELDS } from '@/lib/tags/api/serialize-tags'

// GET /api/tags/{id} – one tag
export const GET = apiRoute({
  scopes: ['tags:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const data = serializeTag(
      ctx.url,
      await getTagOrThrow(ctx.companyId, params.id!),
      sparseFields(ctx.url, 'tag', TAG_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/tags/{id} – renames a tag (204)
export const PATCH = apiRoute({
  scopes: ['tags:read', 'tags:write'],
  rate: 'S',
  body: updateTagApiBody,
  status: 204,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    await renameTag(ctx.companyId, params.id, body.data.attributes.name)
  },
})

// DELETE /api/tags/{id} – deletes a tag and its links (204)
export const DELETE = apiRoute({
  scopes: ['tags:read', 'tags:write'],
  rate: 'S',
  status: 204,
  handler: ({ ctx, params }) => deleteTag(ctx.companyId, params.id!),
})
