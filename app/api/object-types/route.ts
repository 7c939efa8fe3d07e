import { apiRoute } from '@/lib/api/api-route'
import { invalidParam } from '@/lib/api/api-error'
import { filterParam, sparseFields, stringValues } from '@/lib/api/query-params'
import { createObjectType, listObjectTypes } from '@/lib/custom-objects/object-types'
import { createObjectTypeBody } from '@/lib/custom-objects/api/bodies'
import { schemaToInput } from '@/lib/custom-objects/api/schema-input'
import {
  OBJECT_SCHEMA_FIELDS,
  OBJECT_TYPE_FIELDS,
  serializeObjectSchema,
  serializeObjectType,
} from '@/lib/custom-objects/api/serialize'
import { enumList } from '@/lib/api/query-params'

const INCLUDES = ['current-schema', 'draft-schema', 'schema-versions'] as const

function included(url: URL, types: Parameters<typeof serializeObjectSchema>[1][], include: string[]) {
  if (include.length === 0) return undefined
  const fields = sparseFields(url, 'object-schema', OBJECT_SCHEMA_FIELDS)
  return types.map((t) => serializeObjectSchema(url, t, fields))
}

// GET /api/object-types – the account's object types (filter namespace equals; include its schema)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx }) => {
    const fields = sparseFields(ctx.url, 'object-type', OBJECT_TYPE_FIELDS)
    const include = enumList(ctx.url, 'include', INCLUDES)
    let namespace: string | undefined
    for (const c of filterParam(ctx.url, { namespace: ['equals'] })) {
      const [v] = stringValues(c.value, 'namespace')
      if (!v) throw invalidParam('filter', 'namespace needs a value.')
      namespace = v
    }
    const rows = await listObjectTypes(ctx.companyId, namespace)
    const body: Record<string, unknown> = {
      data: rows.map((t) => serializeObjectType(ctx.url, t, fields)),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
    const inc = included(ctx.url, rows, include)
    if (inc) body.included = inc
    return body
  },
})

// POST /api/object-types – creates an object type with its schema and source mapping (201)
export const POST = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  body: createObjectTypeBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const schema = a['object-schema']?.data.attributes
    const mapped = schema
      ? await schemaToInput(ctx.companyId, schema, '/data/attributes/object-schema/data/attributes')
      : {}
    const t = await createObjectType(ctx.companyId, {
      ...mapped,
      title: a.title,
      key: a.key,
      namespace: a.namespace,
      fields: mapped.fields ?? [],
    })
    const data = serializeObjectType(ctx.url, t)
    return { data, links: { self: data.links.self } }
  },
})
