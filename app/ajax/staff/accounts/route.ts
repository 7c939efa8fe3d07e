import { ajax } from '@/lib/http/ajax'
import { lookupAccounts, lookupAccountsQuery } from '@/lib/staff/lookup-accounts'

// GET /ajax/staff/accounts – staff: find accounts by id, name or a member's e-mail, with their consent
export const GET = ajax({
  staff: ['staff_accounts_read'],
  query: lookupAccountsQuery,
  handler: ({ ctx, query }) => lookupAccounts({ userId: ctx.principal.userId, ip: ctx.ip }, query.q),
})
