import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { listProfilesPage } from '@/lib/api/profiles/list-profiles'
import { findGroupRow } from '@/lib/groups/get-group'
import { LIST } from '@/lib/groups/group-view'

// GET /api/lists/{id}/profiles – the current members of a list
export const GET = apiRoute({
  scopes: ['lists:read', 'profiles:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const g = await findGroupRow(ctx.companyId, params.id!)
    if (!g || g.type !== LIST) throw apiNotFound(`A list with id ${params.id} was not found.`)
    return listProfilesPage(ctx.companyId, ctx.url, { groupId: g.id })
  },
})
