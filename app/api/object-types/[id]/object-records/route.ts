import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { recordPage } from '@/lib/custom-objects/api/record-pages'
import { OBJECT_RECORD_FIELDS, serializeObjectRecord } from '@/lib/custom-objects/api/serialize'

// GET /api/object-types/{id}/object-records – the type's records, keyset pages by id
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'object-record', OBJECT_RECORD_FIELDS)
    const { page, links } = await recordPage(ctx.companyId, ctx.url, params.id!)
    return { data: page.map((r) => serializeObjectRecord(ctx.url, r, fields)), links }
  },
})
