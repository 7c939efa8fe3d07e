import { ajax } from '@/lib/http/ajax'
import { getAccountExperiments, setAccountExperiment, setExperimentBody } from '@/lib/staff/account-experiments'

// GET /ajax/staff/account/[companyId]/experiments – staff: the account's A/B assignments
export const GET = ajax({
  staff: ['staff_experiments'],
  intParams: ['companyId'],
  handler: ({ ctx, params }) =>
    getAccountExperiments({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId)),
})

// PUT /ajax/staff/account/[companyId]/experiments – staff: set one assignment
export const PUT = ajax({
  staff: ['staff_experiments'],
  intParams: ['companyId'],
  body: setExperimentBody,
  handler: ({ ctx, params, body }) =>
    setAccountExperiment({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId), body),
})
