import { ajax } from '@/lib/http/ajax'
import { getAccountFlags, setAccountFlag, setAccountFlagBody } from '@/lib/staff/account-feature-flags'

// GET /ajax/staff/account/[companyId]/feature-flags – staff: the account's feature flags
export const GET = ajax({
  staff: ['staff_feature_flags'],
  intParams: ['companyId'],
  handler: ({ ctx, params }) => getAccountFlags({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId)),
})

// PUT /ajax/staff/account/[companyId]/feature-flags – staff: turn one flag on or off
export const PUT = ajax({
  staff: ['staff_feature_flags'],
  intParams: ['companyId'],
  body: setAccountFlagBody,
  handler: ({ ctx, params, body }) =>
    setAccountFlag({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId), body),
})
