import { ajax } from '@/lib/http/ajax'
import { sessionCookies } from '@/lib/auth/session'
import { jsonWithCookies } from '@/lib/auth/session-response'
import { staffAccountAccess } from '@/lib/staff/staff-account-access'
import { openCustomerAccount } from '@/lib/auth/open-customer-account'

// POST /ajax/staff/account/[companyId]/open – staff enter a customer account under its consent (logged, refusals too)
export const POST = ajax({
  staff: ['staff_accounts_read'],
  intParams: ['companyId'],
  handler: async ({ ctx, params }) => {
    const companyId = Number(params.companyId)
    await staffAccountAccess({ userId: ctx.principal.userId, ip: ctx.ip }, companyId, 'account.open')
    const s = await openCustomerAccount(ctx.principal.sessionId, companyId)
    return jsonWithCookies({ ok: true, companyId: s.companyId, redirect: '/dashboard' }, await sessionCookies(s))
  },
})
