import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { serializeSourceMapping, typeOr404 } from '@/lib/custom-objects/api/extra-parts'
import { updateSourceMappingBody } from '@/lib/custom-objects/api/bodies'
import { schemaToInput } from '@/lib/custom-objects/api/schema-input'
import { updateObjectType } from '@/lib/custom-objects/object-types'

// GET /api/source-mappings/{id} – a schema's source mapping (one per object type, same id)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await typeOr404(ctx.companyId, params.id!, 'A source mapping')
    const data = serializeSourceMapping(ctx.url, t)
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/source-mappings/{id} – replaces where the properties and the profile link come from
export const PATCH = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  body: updateSourceMappingBody,
  handler: async ({ ctx, params, body }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const t = await typeOr404(ctx.companyId, params.id, 'A source mapping')
    const input = await schemaToInput(
      ctx.companyId,
      {
        properties: t.fields.map((f) => ({ id: f.id, name: f.name, type: f.type })),
        'source-mapping': { data: { type: 'source-mapping', attributes: body.data.attributes } },
      },
      '/data/attributes',
    )
    const fixed = { ...input, fields: input.fields?.map((f) => ({ ...f })) }
    const updated = await updateObjectType(ctx.companyId, t.id, fixed)
    const data = serializeSourceMapping(ctx.url, updated ?? t)
    return { data, links: { self: data.links.self } }
  },
})
