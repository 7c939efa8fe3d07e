// POST /api/segment-series-reports – segment membership statistics per hour, day, week or month.
import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { REPORT_RATE } from '@/lib/reporting/values-report-api'
import { parseReportRequest } from '@/lib/reporting/report-request'
import { segmentReport, segmentReportSpec } from '@/lib/reporting/segment-report'

export const POST = apiRoute({
  scopes: ['segments:read'],
  rate: REPORT_RATE,
  body: z.unknown(),
  handler: async ({ ctx, body }) =>
    segmentReport(ctx.companyId, await parseReportRequest(ctx.companyId, body, segmentReportSpec(true), new Date())),
})
