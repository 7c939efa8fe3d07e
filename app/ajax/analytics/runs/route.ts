import { ajax, z } from '@/lib/http/ajax'
import { createReportRun } from '@/lib/analytics/report-runs'
import { reportDefinition } from '@/lib/analytics/report-definition'

const runBody = z.object({ definition: reportDefinition }).strict()

// POST /ajax/analytics/runs – run an unsaved definition from the builder (complete, or queued to poll)
export const POST = ajax({
  resources: ['ca_reports_view'],
  body: runBody,
  status: 201,
  handler: ({ ctx, body }) =>
    createReportRun(ctx.principal.companyId, { definition: body.definition, userId: ctx.principal.userId }),
})
