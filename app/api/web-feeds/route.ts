import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { invalidParam } from '@/lib/api/api-error'
import { decodeCursor, encodeCursor, nextLink } from '@/lib/api/cursor'
import { dateValue, filterParam, pageSize, sparseFields, stringValues } from '@/lib/api/query-params'
import { serializeWebFeed, WEB_FEED_FIELDS } from '@/lib/api/web-feeds/serialize-web-feed'
import { createWebFeed, listWebFeeds } from '@/lib/web-feeds/store'

const createBody = z.object({
  data: z.object({
    type: z.literal('web-feed'),
    attributes: z.object({
      name: z.string(),
      url: z.string(),
      request_method: z.enum(['get', 'post']),
      content_type: z.enum(['json', 'xml']),
    }),
  }),
})

const DATE_OPS = ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'] as const
const PRISMA_OP: Record<string, string> = {
  'greater-than': 'gt',
  'less-than': 'lt',
  'greater-or-equal': 'gte',
  'less-or-equal': 'lte',
}

// GET /api/web-feeds – 5 per page by default (max 20); filter name (any, contains, equals),
// created and updated (the schema's date comparisons)
export const GET = apiRoute({
  scopes: ['web-feeds:read'],
  rate: 'L',
  handler: async ({ ctx }) => {
    const conds = filterParam(ctx.url, { name: ['any', 'contains', 'equals'], created: DATE_OPS, updated: DATE_OPS })
    let nameContains: string | undefined
    let names: string[] | undefined
    const dates: Record<'created' | 'updated', Record<string, Date>> = { created: {}, updated: {} }
    for (const c of conds) {
      if (c.field === 'created' || c.field === 'updated') {
        dates[c.field][PRISMA_OP[c.op]!] = dateValue(c.value, c.field)
        continue
      }
      const v = stringValues(c.value, 'name')
      if (c.op === 'contains') nameContains = v[0]
      else names = v
    }
    const size = pageSize(ctx.url, { def: 5, max: 20 })
    const cur = decodeCursor(ctx.url.searchParams.get('page[cursor]'))
    if (cur && typeof cur[1] !== 'string')
      throw invalidParam('page[cursor]', 'The page cursor is not valid for this listing.')
    const rows = await listWebFeeds(ctx.companyId, {
      after: cur ? String(cur[1]) : null,
      limit: size + 1,
      nameContains,
      names,
      ...(Object.keys(dates.created).length ? { created: dates.created } : {}),
      ...(Object.keys(dates.updated).length ? { updated: dates.updated } : {}),
    })
    const page = rows.slice(0, size)
    const fields = sparseFields(ctx.url, 'web-feed', WEB_FEED_FIELDS)
    return {
      data: page.map((f) => serializeWebFeed(ctx.url, f, fields)),
      links: {
        self: ctx.url.toString(),
        next: rows.length > size ? nextLink(ctx.url, encodeCursor([null, page[page.length - 1]!.id])) : null,
        prev: null,
      },
    }
  },
})

// POST /api/web-feeds – 201
export const POST = apiRoute({
  scopes: ['web-feeds:write'],
  rate: 'M',
  body: createBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const f = await createWebFeed(ctx.companyId, {
      name: a.name,
      url: a.url,
      requestMethod: a.request_method,
      contentType: a.content_type,
    })
    const data = serializeWebFeed(ctx.url, f)
    return { data, links: { self: data.links.self } }
  },
})
