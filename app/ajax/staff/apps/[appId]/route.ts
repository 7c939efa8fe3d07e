import { ajax } from '@/lib/http/ajax'
import { appDecisionBody, decideApp } from '@/lib/staff/app-reviews'

// PUT /ajax/staff/apps/[appId] – staff: publish an app or send it back to draft
export const PUT = ajax({
  staff: ['staff_app_management'],
  body: appDecisionBody,
  handler: ({ ctx, params, body }) =>
    decideApp({ userId: ctx.principal.userId, ip: ctx.ip }, params.appId ?? '', body.status),
})
