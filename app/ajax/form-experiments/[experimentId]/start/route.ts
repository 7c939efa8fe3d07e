import { ajax } from '@/lib/http/ajax'
import { startFormExperiment } from '@/lib/forms/experiments/start-experiment'

// POST /ajax/form-experiments/{experimentId}/start – start a draft experiment: its variations go live with their weights
export const POST = ajax({
  resources: ['forms_write'],
  intParams: ['experimentId'],
  handler: async ({ ctx, params }) => {
    const e = await startFormExperiment(ctx.principal.companyId, Number(params.experimentId), new Date())
    return { id: e.id, status: e.status }
  },
})
