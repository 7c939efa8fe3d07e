import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { listProfilesPage } from '@/lib/api/profiles/list-profiles'
import { findGroupRow } from '@/lib/groups/get-group'
import { SEGMENT } from '@/lib/groups/group-view'

// GET /api/segments/{id}/profiles – the current members of a segment
export const GET = apiRoute({
  scopes: ['segments:read', 'profiles:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const g = await findGroupRow(ctx.companyId, params.id!)
    if (!g || g.type !== SEGMENT) throw apiNotFound(`A segment with id ${params.id} was not found.`)
    return listProfilesPage(ctx.companyId, ctx.url, { groupId: g.id })
  },
})
