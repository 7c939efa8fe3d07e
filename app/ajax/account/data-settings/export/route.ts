import { ajax } from '@/lib/http/ajax'
import { requestAccountExport } from '@/lib/data-settings/account-export'

// POST /ajax/account/data-settings/export – owners only: queues the CSV set of the account's data into their downloads
export const POST = ajax({
  resources: ['account_settings_read'],
  status: 202,
  handler: ({ ctx }) => requestAccountExport(ctx.principal.companyId, ctx.principal.userId, ctx.principal.role),
})
