import { ajax } from '@/lib/http/ajax'
import {
  getMetricOverride,
  metricOverrideBody,
  putMetricOverride,
  staffAccountId,
} from '@/lib/flows/ajax/triggers-options'

// GET /ajax/staff/account/[companyId]/flows/low-inventory/metric-override – staff: the metrics the account's low inventory trigger watches
export const GET = ajax({
  staff: ['staff_accounts_read'],
  handler: async ({ params }) => getMetricOverride(await staffAccountId(params.companyId), 'low_inventory'),
})

// PUT /ajax/staff/account/[companyId]/flows/low-inventory/metric-override – staff: overrides them (null: back to the default metric)
export const PUT = ajax({
  staff: ['staff_accounts_read', 'staff_app_management'],
  body: metricOverrideBody,
  handler: async ({ ctx, params, body }) =>
    putMetricOverride(await staffAccountId(params.companyId), 'low_inventory', ctx.principal.userId, body),
})
