// POST /api/flow-values-reports – the 31 statistics of flow messages over a timeframe, grouped.
import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { REPORT_RATE } from '@/lib/reporting/values-report-api'
import { parseReportRequest } from '@/lib/reporting/report-request'
import { flowReport, flowReportSpec } from '@/lib/reporting/flow-report'

export const POST = apiRoute({
  scopes: ['flows:read'],
  rate: REPORT_RATE,
  body: z.unknown(),
  handler: async ({ ctx, body }) =>
    flowReport(ctx.companyId, await parseReportRequest(ctx.companyId, body, flowReportSpec(false), new Date())),
})
