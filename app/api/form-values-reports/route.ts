// POST /api/form-values-reports – onsite form statistics (views, submits, submit rate, closes…) over a timeframe.
import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { REPORT_RATE } from '@/lib/reporting/values-report-api'
import { parseReportRequest } from '@/lib/reporting/report-request'
import { formReport, formReportSpec } from '@/lib/forms/reports/form-report-api'

export const POST = apiRoute({
  scopes: ['forms:read'],
  rate: REPORT_RATE,
  body: z.unknown(),
  handler: async ({ ctx, body }) =>
    formReport(ctx.companyId, await parseReportRequest(ctx.companyId, body, formReportSpec(false), new Date())),
})
