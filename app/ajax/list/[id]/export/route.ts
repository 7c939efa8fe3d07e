import { ajax } from '@/lib/http/ajax'
import { exportListBody, exportListMembers } from '@/lib/groups/export-list-members'

// POST /ajax/list/[id]/export – a CSV of the members (all columns, or the chosen ones) as a download (large ones are built in the background)
export const POST = ajax({
  resources: ['groups_read', 'exports_emails'],
  body: exportListBody,
  status: 202,
  handler: async ({ ctx, params, body }) => ({
    download: await exportListMembers(ctx.principal.companyId, params.id!, ctx.principal.userId, body.columns),
  }),
})
