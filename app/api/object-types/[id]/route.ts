import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { deleteObjectType, getObjectType } from '@/lib/custom-objects/object-types'
import {
  OBJECT_SCHEMA_FIELDS,
  OBJECT_TYPE_FIELDS,
  serializeObjectSchema,
  serializeObjectType,
} from '@/lib/custom-objects/api/serialize'

// GET /api/object-types/{id} – one object type (include its schema)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'object-type', OBJECT_TYPE_FIELDS)
    const include = enumList(ctx.url, 'include', ['current-schema', 'draft-schema', 'schema-versions'] as const)
    const t = await getObjectType(ctx.companyId, params.id!)
    if (!t) throw apiNotFound(`An object type with id ${params.id} was not found.`)
    const data = serializeObjectType(ctx.url, t, fields)
    const body: Record<string, unknown> = { data, links: { self: data.links.self } }
    if (include.length)
      body.included = [serializeObjectSchema(ctx.url, t, sparseFields(ctx.url, 'object-schema', OBJECT_SCHEMA_FIELDS))]
    return body
  },
})

// DELETE /api/object-types/{id} – deletes it and its records (204)
export const DELETE = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  status: 204,
  handler: async ({ ctx, params }) => {
    if (!(await deleteObjectType(ctx.companyId, params.id!)))
      throw apiNotFound(`An object type with id ${params.id} was not found.`)
  },
})
