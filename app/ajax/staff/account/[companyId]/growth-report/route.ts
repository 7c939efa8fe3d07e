import { ajax } from '@/lib/http/ajax'
import { growthReportQuery, staffGrowthReport } from '@/lib/staff/staff-growth-report'

// GET /ajax/staff/account/[companyId]/growth-report – staff: the account's figures by quarter
export const GET = ajax({
  staff: ['staff_quarterly_growth_report'],
  intParams: ['companyId'],
  query: growthReportQuery,
  handler: ({ ctx, params, query }) =>
    staffGrowthReport({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId), query.quarters),
})
