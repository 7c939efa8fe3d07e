import { ajax } from '@/lib/http/ajax'
import { getMetricOverride, metricOverrideBody, putMetricOverride } from '@/lib/flows/ajax/triggers-options'
import { staffAccountAccess } from '@/lib/staff/staff-account-access'

// GET /ajax/staff/account/[companyId]/flows/metric-override – staff (under the account's consent, logged): the metrics the account's price drop trigger watches
export const GET = ajax({
  staff: ['staff_accounts_read'],
  handler: async ({ ctx, params }) => {
    const account = await staffAccountAccess(
      { userId: ctx.principal.userId, ip: ctx.ip },
      Number(params.companyId),
      'flows.metric_override.view',
    )
    return getMetricOverride(account.id, 'price_drop')
  },
})

// PUT /ajax/staff/account/[companyId]/flows/metric-override – staff: overrides them (null: back to the default metric)
export const PUT = ajax({
  staff: ['staff_accounts_read', 'staff_app_management'],
  body: metricOverrideBody,
  handler: async ({ ctx, params, body }) => {
    const account = await staffAccountAccess(
      { userId: ctx.principal.userId, ip: ctx.ip },
      Number(params.companyId),
      'flows.metric_override.update',
      { kind: 'price_drop', metricIds: body.metricIds },
    )
    return putMetricOverride(account.id, 'price_drop', ctx.principal.userId, body)
  },
})
