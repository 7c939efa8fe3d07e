import { ajax } from '@/lib/http/ajax'
import { getExperiment } from '@/lib/experiments-overview/get-experiment'

// GET /ajax/experiments/{experimentId} – one experiment ('campaign:…', 'flow:…', 'form:…') with its variations
export const GET = ajax({
  resources: ['experiments_read'],
  handler: ({ ctx, params }) =>
    getExperiment(ctx.principal.companyId, decodeURIComponent(params.experimentId), new Date()),
})
export type ExperimentResponse = Awaited<ReturnType<typeof getExperiment>>
