import { ajax } from '@/lib/http/ajax'
import { getSmsRestriction, setSmsRestriction, smsRestrictionBody } from '@/lib/staff/sms-restrictions'

// GET /ajax/staff/account/[companyId]/sms-restrictions – staff: the account's SMS restrictions
export const GET = ajax({
  staff: ['staff_sms_restrictions'],
  intParams: ['companyId'],
  handler: ({ ctx, params }) =>
    getSmsRestriction({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId)),
})

// PUT /ajax/staff/account/[companyId]/sms-restrictions – staff: block SMS or limit it to country codes
export const PUT = ajax({
  staff: ['staff_sms_restrictions'],
  intParams: ['companyId'],
  body: smsRestrictionBody,
  handler: ({ ctx, params, body }) =>
    setSmsRestriction({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId), body),
})
