import { apiRoute } from '@/lib/api/api-route'
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { getObjectType, updateObjectType } from '@/lib/custom-objects/object-types'
import { updateObjectSchemaBody } from '@/lib/custom-objects/api/bodies'
import { schemaToInput } from '@/lib/custom-objects/api/schema-input'
import { OBJECT_SCHEMA_FIELDS, serializeObjectSchema } from '@/lib/custom-objects/api/serialize'

// GET /api/object-schemas/{id} – an object type's schema (one per type, same id)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await getObjectType(ctx.companyId, params.id!)
    if (!t) throw apiNotFound(`An object schema with id ${params.id} was not found.`)
    const data = serializeObjectSchema(ctx.url, t, sparseFields(ctx.url, 'object-schema', OBJECT_SCHEMA_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/object-schemas/{id} – replaces the properties, required list, status or source mapping
export const PATCH = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  body: updateObjectSchemaBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    if (!(await getObjectType(ctx.companyId, params.id)))
      throw apiNotFound(`An object schema with id ${params.id} was not found.`)
    const input = await schemaToInput(ctx.companyId, body.data.attributes, '/data/attributes')
    const t = await updateObjectType(ctx.companyId, params.id, input)
    if (!t) throw apiNotFound(`An object schema with id ${params.id} was not found.`)
    const data = serializeObjectSchema(ctx.url, t)
    return { data, links: { self: data.links.self } }
  },
})
