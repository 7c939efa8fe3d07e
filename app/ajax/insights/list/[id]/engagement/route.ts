import { ajax } from '@/lib/http/ajax'
import { getGroupRow } from '@/lib/groups/get-group'
import { engagementTiers } from '@/lib/insights/engagement-tiers'

// GET /ajax/insights/list/{id}/engagement – the list's current members by email engagement tier
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => {
    const { companyId } = ctx.principal
    const group = await getGroupRow(companyId, params.id!)
    const tiers = await engagementTiers(companyId, Math.floor(Date.now() / 1000), group.id)
    return { group: { id: group.id, name: group.name, type: group.type }, tiers }
  },
})
