import { ajax, z } from '@/lib/http/ajax'
import { OVERVIEW_TIMEFRAMES, formOverview } from '@/lib/forms/reports/form-overview'

// GET /ajax/forms-reports/{formId}/overview?timeframe=last_30_days – the form report overview: headline figures, series, step funnel, versions
export const GET = ajax({
  resources: ['forms_read'],
  query: z.object({ timeframe: z.enum(OVERVIEW_TIMEFRAMES).default('last_30_days') }),
  handler: ({ ctx, query, params }) =>
    formOverview(ctx.principal.companyId, params.formId!, query.timeframe, new Date()),
})
export type FormOverviewResponse = Awaited<ReturnType<typeof formOverview>>
