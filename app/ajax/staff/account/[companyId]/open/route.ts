import { ajax } from '@/lib/http/ajax'
import { sessionCookies } from '@/lib/auth/session'
import { openCustomerAccount } from '@/lib/auth/open-customer-account'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/staff/account/[companyId]/open – staff enter a customer account under its consent
export const POST = ajax({
  staff: ['staff_accounts_read'],
  intParams: ['companyId'],
  handler: async ({ ctx, params }) => {
    const s = await openCustomerAccount(ctx.principal.sessionId, Number(params.companyId))
    return jsonWithCookies({ ok: true, companyId: s.companyId, redirect: '/dashboard' }, await sessionCookies(s))
  },
})
