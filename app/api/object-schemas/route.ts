import { apiRoute } from '@/lib/api/api-route'
import { invalidPointer } from '@/lib/api/api-error'
import { createObjectSchemaBody } from '@/lib/custom-objects/api/bodies'
import { schemaToInput } from '@/lib/custom-objects/api/schema-input'
import { serializeObjectSchema } from '@/lib/custom-objects/api/serialize'
import { getObjectType, updateObjectType } from '@/lib/custom-objects/object-types'

// POST /api/object-schemas – a new schema for an object type (201). A type keeps one schema, so
// the new one replaces its properties, required list, status and source mapping.
export const POST = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  body: createObjectSchemaBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const typeId = body.data.relationships['object-type'].data.id
    if (!(await getObjectType(ctx.companyId, typeId)))
      throw invalidPointer('/data/relationships/object-type/data/id', `An object type with id ${typeId} was not found.`)
    const { title, ...schema } = body.data.attributes
    const input = await schemaToInput(ctx.companyId, schema, '/data/attributes')
    const t = await updateObjectType(ctx.companyId, typeId, { ...input, title, status: schema.status ?? 'draft' })
    const data = serializeObjectSchema(ctx.url, t!)
    return { data, links: { self: data.links.self } }
  },
})
