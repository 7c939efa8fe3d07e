import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { SEGMENT_FIELDS, serializeSegment } from '@/lib/api/serialize-group'
import {
  segmentOr404,
  segmentPointer,
  updateSegmentApiBody,
  updateSegmentFromApi,
} from '@/lib/api/segments/segment-write'
import { deleteGroups } from '@/lib/groups/delete-groups'

// GET /api/segments/{id} – one segment (additional-fields[segment]=profile_count)
export const GET = apiRoute({
  scopes: ['segments:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const g = await segmentOr404(ctx.companyId, params.id!)
    const additional = enumList(ctx.url, 'additional-fields[segment]', ['profile_count'] as const)
    const data = serializeSegment(ctx.url, g, {
      fields: sparseFields(ctx.url, 'segment', SEGMENT_FIELDS),
      profileCount: additional.includes('profile_count'),
    })
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/segments/{id} – renames, stars, (de)activates or redefines a segment
export const PATCH = apiRoute({
  scopes: ['segments:write'],
  rate: { burst: 1, steady: 15, daily: 100 },
  body: updateSegmentApiBody,
  pointerFor: segmentPointer,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const g = await updateSegmentFromApi(ctx.companyId, params.id, body.data.attributes)
    const data = serializeSegment(ctx.url, g, { fields: sparseFields(ctx.url, 'segment', SEGMENT_FIELDS) })
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/segments/{id} – deletes a segment (204)
export const DELETE = apiRoute({
  scopes: ['segments:write'],
  rate: 'S',
  status: 204,
  handler: async ({ ctx, params }) => {
    await segmentOr404(ctx.companyId, params.id!)
    await deleteGroups(ctx.companyId, [params.id!])
  },
})
