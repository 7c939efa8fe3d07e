import { ajax } from '@/lib/http/ajax'
import {
  getDeliverabilityReview,
  liftSuspension,
  suspendSending,
  suspendSendingBody,
} from '@/lib/staff/sending-suspension'

// GET /ajax/staff/account/[companyId]/deliverability – staff: the account's sends by status (30 days) and suspensions
export const GET = ajax({
  staff: ['staff_deliverability'],
  intParams: ['companyId'],
  handler: ({ ctx, params }) =>
    getDeliverabilityReview({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId)),
})

// POST /ajax/staff/account/[companyId]/deliverability – staff: suspend the account's sending with a reason
export const POST = ajax({
  staff: ['staff_deliverability'],
  intParams: ['companyId'],
  body: suspendSendingBody,
  status: 201,
  handler: ({ ctx, params, body }) =>
    suspendSending({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId), body.reason),
})

// DELETE /ajax/staff/account/[companyId]/deliverability – staff: lift the suspension
export const DELETE = ajax({
  staff: ['staff_deliverability'],
  intParams: ['companyId'],
  handler: ({ ctx, params }) => liftSuspension({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId)),
})
