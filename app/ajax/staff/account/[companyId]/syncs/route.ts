import { ajax } from '@/lib/http/ajax'
import { listAccountSyncs } from '@/lib/staff/account-syncs'

// GET /ajax/staff/account/[companyId]/syncs – staff: the account's integration syncs
export const GET = ajax({
  staff: ['staff_sync_ui'],
  intParams: ['companyId'],
  handler: ({ ctx, params }) =>
    listAccountSyncs({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId)),
})
