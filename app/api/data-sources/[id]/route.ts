import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { deleteDataSource, getDataSource } from '@/lib/custom-objects/data-sources'
import { DATA_SOURCE_FIELDS, serializeDataSource } from '@/lib/custom-objects/api/serialize'

// GET /api/data-sources/{id} – one data source
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'data-source', DATA_SOURCE_FIELDS)
    const s = await getDataSource(ctx.companyId, params.id!)
    if (!s) throw apiNotFound(`A data source with id ${params.id} was not found.`)
    const data = serializeDataSource(ctx.url, s, fields)
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/data-sources/{id} – deletes it and its records (204)
export const DELETE = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  status: 204,
  handler: async ({ ctx, params }) => {
    if (!(await deleteDataSource(ctx.companyId, params.id!)))
      throw apiNotFound(`A data source with id ${params.id} was not found.`)
  },
})
