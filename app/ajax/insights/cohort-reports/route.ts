import { ajax } from '@/lib/http/ajax'
import { savedCohortBody } from '@/lib/insights/inputs'
import { createSavedCohort, listSavedCohorts } from '@/lib/insights/saved-cohorts'

// GET /ajax/insights/cohort-reports – the account's saved cohort reports
export const GET = ajax({
  resources: ['metrics_read'],
  handler: async ({ ctx }) => ({ reports: await listSavedCohorts(ctx.principal.companyId) }),
})

// POST /ajax/insights/cohort-reports – save a cohort report definition
export const POST = ajax({
  resources: ['metrics_read'],
  body: savedCohortBody,
  status: 201,
  handler: ({ ctx, body }) => createSavedCohort(ctx.principal.companyId, ctx.principal.userId, body),
})
