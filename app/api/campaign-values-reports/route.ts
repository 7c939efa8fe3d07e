// POST /api/campaign-values-reports – the 31 statistics of campaign messages over a timeframe.
import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { REPORT_RATE, campaignValuesReport, parseValuesReportBody } from '@/lib/reporting/values-report-api'

export const POST = apiRoute({
  scopes: ['campaigns:read'],
  rate: REPORT_RATE,
  body: z.unknown(),
  handler: async ({ ctx, body }) =>
    campaignValuesReport(
      ctx.companyId,
      await parseValuesReportBody(ctx.companyId, body, 'campaign-values-report', new Date()),
    ),
})
