import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { SEGMENT_FIELDS, serializeSegment } from '@/lib/api/serialize-group'
import { profileGroups, wholeLinks } from '@/lib/api/profiles/profile-relations'

// GET /api/profiles/{id}/segments – the segments the profile is a member of
export const GET = apiRoute({
  scopes: ['profiles:read', 'segments:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'segment', SEGMENT_FIELDS)
    const groups = await profileGroups(ctx.companyId, params.id!, 'segment')
    return { data: groups.map((g) => serializeSegment(ctx.url, g, { fields })), links: wholeLinks(ctx.url) }
  },
})
