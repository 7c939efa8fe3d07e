import { ajax } from '@/lib/http/ajax'
import { getCohorts } from '@/lib/insights/get-cohorts'
import { getSavedCohort } from '@/lib/insights/saved-cohorts'

// GET /ajax/insights/cohort-reports/{id} – a saved cohort report with its results
export const GET = ajax({
  resources: ['metrics_read'],
  handler: async ({ ctx, params }) => {
    const report = await getSavedCohort(ctx.principal.companyId, params.id!)
    return { report, result: await getCohorts(ctx.principal.companyId, report.definition) }
  },
})
