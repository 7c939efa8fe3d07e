import { ajax } from '@/lib/http/ajax'
import { exportListMembers } from '@/lib/groups/export-list-members'

// POST /ajax/list/[id]/export – a CSV of the members as a download (large ones are built in the background)
export const POST = ajax({
  resources: ['groups_read', 'exports_emails'],
  status: 202,
  handler: async ({ ctx, params }) => ({
    download: await exportListMembers(ctx.principal.companyId, params.id!, ctx.principal.userId),
  }),
})
