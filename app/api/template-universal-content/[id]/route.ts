import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { updateUniversalApiBody } from '@/lib/templates/store/api-bodies'
import { serializeUniversalContent, UNIVERSAL_FIELDS } from '@/lib/templates/store/api-resources'
import {
  deleteUniversalContent,
  getUniversalContentOrThrow,
  updateUniversalContent,
  type UniversalDefinition,
} from '@/lib/templates/store/universal-content'

// GET /api/template-universal-content/{id} – one saved content block
export const GET = apiRoute({
  scopes: ['templates:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const u = await getUniversalContentOrThrow(ctx.companyId, params.id!)
    const data = serializeUniversalContent(
      ctx.url,
      u,
      sparseFields(ctx.url, 'template-universal-content', UNIVERSAL_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/template-universal-content/{id} – renames it or replaces its definition
export const PATCH = apiRoute({
  scopes: ['templates:write'],
  rate: 'M',
  body: updateUniversalApiBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const a = body.data.attributes
    const u = await updateUniversalContent(ctx.companyId, params.id, {
      ...(a.name != null ? { name: a.name } : {}),
      ...(a.definition ? { definition: a.definition as UniversalDefinition } : {}),
    })
    const data = serializeUniversalContent(ctx.url, u)
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/template-universal-content/{id} – deletes it (204)
export const DELETE = apiRoute({
  scopes: ['templates:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await deleteUniversalContent(ctx.companyId, params.id!)
  },
})
