import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { updateImageApiBody } from '@/lib/templates/store/api-bodies'
import { IMAGE_FIELDS, serializeImage } from '@/lib/templates/store/api-resources'
import { getImageOrThrow, updateImage } from '@/lib/templates/store/image-store'

// GET /api/images/{id} – one image
export const GET = apiRoute({
  scopes: ['images:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const data = serializeImage(
      ctx.url,
      await getImageOrThrow(ctx.companyId, params.id!),
      sparseFields(ctx.url, 'image', IMAGE_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/images/{id} – renames an image or hides it from the image library
export const PATCH = apiRoute({
  scopes: ['images:write'],
  rate: 'M',
  body: updateImageApiBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const a = body.data.attributes
    const img = await updateImage(ctx.companyId, params.id, {
      ...(a.name != null ? { name: a.name } : {}),
      ...(a.hidden != null ? { hidden: a.hidden } : {}),
    })
    const data = serializeImage(ctx.url, img)
    return { data, links: { self: data.links.self } }
  },
})
