import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { typeOr404 } from '@/lib/custom-objects/api/extra-parts'
import { OBJECT_SCHEMA_FIELDS, serializeObjectSchema } from '@/lib/custom-objects/api/serialize'

// GET /api/object-types/{id}/schema-versions – the type's schemas: one, edited in place
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await typeOr404(ctx.companyId, params.id!)
    const fields = sparseFields(ctx.url, 'object-schema', OBJECT_SCHEMA_FIELDS)
    return {
      data: [serializeObjectSchema(ctx.url, t, fields)],
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
