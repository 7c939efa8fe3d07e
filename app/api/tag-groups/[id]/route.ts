import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { deleteTagGroup, getTagGroupOrThrow, renameTagGroup } from '@/lib/tags/tag-groups'
import { updateTagGroupApiBody } from '@/lib/tags/api/tag-bodies'
import { serializeTagGroup, TAG_GROUP_FIELDS } from '@/lib/tags/api/serialize-tags'

// GET /api/tag-groups/{id} – one tag group
export const GET = apiRoute({
  scopes: ['tags:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const data = serializeTagGroup(
      ctx.url,
      await getTagGroupOrThrow(ctx.companyId, params.id!),
      sparseFields(ctx.url, 'tag-group', TAG_GROUP_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/tag-groups/{id} – renames a tag group (204)
export const PATCH = apiRoute({
  scopes: ['tags:read', 'tags:write'],
  rate: 'S',
  body: updateTagGroupApiBody,
  status: 204,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    await renameTagGroup(ctx.companyId, params.id, body.data.attributes.name)
  },
})

// DELETE /api/tag-groups/{id} – deletes a group with its tags (the default group cannot be deleted) (204)
export const DELETE = apiRoute({
  scopes: ['tags:read', 'tags:write'],
  rate: 'S',
  status: 204,
  handler: ({ ctx, params }) => deleteTagGroup(ctx.companyId, params.id!),
})
