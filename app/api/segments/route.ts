import { apiRoute, ApiResult } from '@/lib/api/api-route'
import { listGroupsPage } from '@/lib/api/groups/list-groups-page'
import { sparseFields } from '@/lib/api/query-params'
import { SEGMENT_FIELDS, serializeSegment } from '@/lib/api/serialize-group'
import { createSegmentApiBody, createSegmentFromApi, segmentPointer } from '@/lib/api/segments/segment-write'
import { SEGMENT } from '@/lib/groups/group-view'

// GET /api/segments – the account's segments, 10 per page
export const GET = apiRoute({
  scopes: ['segments:read'],
  rate: 'L',
  handler: ({ ctx }) => listGroupsPage(ctx.companyId, ctx.url, SEGMENT),
})

// POST /api/segments – creates a segment from the vendor's condition_groups (201)
export const POST = apiRoute({
  scopes: ['segments:write'],
  rate: { burst: 1, steady: 15, daily: 100 },
  body: createSegmentApiBody,
  pointerFor: segmentPointer,
  handler: async ({ ctx, body }) => {
    const g = await createSegmentFromApi(ctx.companyId, body.data.attributes)
    const data = serializeSegment(ctx.url, g, { fields: sparseFields(ctx.url, 'segment', SEGMENT_FIELDS) })
    return new ApiResult(201, { data, links: { self: data.links.self } })
  },
})
