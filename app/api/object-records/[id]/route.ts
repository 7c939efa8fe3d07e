import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { getObjectRecord } from '@/lib/custom-objects/object-records'
import { OBJECT_RECORD_FIELDS, serializeObjectRecord } from '@/lib/custom-objects/api/serialize'

// GET /api/object-records/{id} – one record with its typed properties
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'object-record', OBJECT_RECORD_FIELDS)
    const r = await getObjectRecord(ctx.companyId, params.id!)
    if (!r) throw apiNotFound(`An object record with id ${params.id} was not found.`)
    const data = serializeObjectRecord(ctx.url, r, fields)
    return { data, links: { self: data.links.self } }
  },
})
