import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { SEGMENT_FIELDS, serializeSegment } from '@/lib/api/serialize-group'
import { findGroupRow } from '@/lib/groups/get-group'
import { SEGMENT } from '@/lib/groups/group-view'

// GET /api/segments/{id} – one segment (additional-fields[segment]=profile_count)
export const GET = apiRoute({
  scopes: ['segments:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const g = await findGroupRow(ctx.companyId, params.id!)
    if (!g || g.type !== SEGMENT) throw apiNotFound(`A segment with id ${params.id} was not found.`)
    const additional = enumList(ctx.url, 'additional-fields[segment]', ['profile_count'] as const)
    const data = serializeSegment(ctx.url, g, { fields: sparseFields(ctx.url, 'segment', SEGMENT_FIELDS), profileCount: additional.includes('profile_count') })
    return { data, links: { self: data.links.self } }
  },
})
