import { ajax } from '@/lib/http/ajax'
import { getMetricOverride, metricOverrideBody, putMetricOverride } from '@/lib/flows/ajax/triggers-options'
import { staffAccountAccess } from '@/lib/staff/staff-account-access'

// GET /ajax/staff/account/[companyId]/flows/low-inventory/metric-override – staff (under the account's consent, logged): the metrics the account's low inventory trigger watches
export const GET = ajax({
  staff: ['staff_accounts_read'],
  handler: async ({ ctx, params }) => {
    const account = await staffAccountAccess(
      { userId: ctx.principal.userId, ip: ctx.ip },
      Number(params.companyId),
      'flows.metric_override.view',
    )
    return getMetricOverride(account.id, 'low_inventory')
  },
})

// PUT /ajax/staff/account/[companyId]/flows/low-inventory/metric-override – staff: overrides them (null: back to the default metric)
export const PUT = ajax({
  staff: ['staff_accounts_read', 'staff_app_management'],
  body: metricOverrideBody,
  handler: async ({ ctx, params, body }) => {
    const account = await staffAccountAccess(
      { userId: ctx.principal.userId, ip: ctx.ip },
      Number(params.companyId),
      'flows.metric_override.update',
      { kind: 'low_inventory', metricIds: body.metricIds },
    )
    return putMetricOverride(account.id, 'low_inventory', ctx.principal.userId, body)
  },
})
