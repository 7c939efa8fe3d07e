import { apiRoute } from '@/lib/api/api-route'
import { invalidParam } from '@/lib/api/api-error'
import { decodeCursor, encodeCursor, nextLink } from '@/lib/api/cursor'
import { pageSize, sparseFields } from '@/lib/api/query-params'
import { createDataSource, listDataSources } from '@/lib/custom-objects/data-sources'
import { createDataSourceBody } from '@/lib/custom-objects/api/bodies'
import { DATA_SOURCE_FIELDS, serializeDataSource } from '@/lib/custom-objects/api/serialize'

// GET /api/data-sources – the account's data sources, keyset pages by id
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx }) => {
    const fields = sparseFields(ctx.url, 'data-source', DATA_SOURCE_FIELDS)
    const size = pageSize(ctx.url, { def: 20, max: 100 })
    const cursor = decodeCursor(ctx.url.searchParams.get('page[cursor]'))
    if (cursor && typeof cursor[1] !== 'string') throw invalidParam('page[cursor]', 'The page cursor is not valid.')
    const rows = await listDataSources(ctx.companyId, { after: cursor ? String(cursor[1]) : null, take: size + 1 })
    const page = rows.slice(0, size)
    const next = rows.length > size ? nextLink(ctx.url, encodeCursor([null, page[page.length - 1]!.id])) : null
    return {
      data: page.map((s) => serializeDataSource(ctx.url, s, fields)),
      links: { self: ctx.url.toString(), next, prev: null },
    }
  },
})

// POST /api/data-sources – creates a data source (201)
export const POST = apiRoute({
  scopes: ['custom-objects:write'],
  rate: 'S',
  body: createDataSourceBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const s = await createDataSource(ctx.companyId, body.data.attributes)
    const data = serializeDataSource(ctx.url, s)
    return { data, links: { self: data.links.self } }
  },
})
