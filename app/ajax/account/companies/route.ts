import { ajax } from '@/lib/http/ajax'
import { listUserCompanies } from '@/lib/shell/list-user-companies'

// GET /ajax/account/companies – the accounts the user belongs to, for the account switcher
export const GET = ajax({
  handler: ({ ctx }) => listUserCompanies(ctx.principal.userId, ctx.principal.companyId),
})
