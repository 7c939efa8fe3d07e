import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { getObjectType } from '@/lib/custom-objects/object-types'
import { OBJECT_SCHEMA_FIELDS, serializeObjectSchema } from '@/lib/custom-objects/api/serialize'

// GET /api/object-types/{id}/draft-schema – the type's schema when it is a draft (data null otherwise)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await getObjectType(ctx.companyId, params.id!)
    if (!t) throw apiNotFound(`An object type with id ${params.id} was not found.`)
    if (t.status !== 'draft') return { data: null, links: { self: ctx.url.toString() } }
    const data = serializeObjectSchema(ctx.url, t, sparseFields(ctx.url, 'object-schema', OBJECT_SCHEMA_FIELDS))
    return { data, links: { self: ctx.url.toString() } }
  },
})
