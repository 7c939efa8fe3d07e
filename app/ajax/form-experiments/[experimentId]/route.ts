import { ajax } from '@/lib/http/ajax'
import { experimentResults } from '@/lib/forms/experiments/experiment-results'

// GET /ajax/form-experiments/{experimentId} – the experiment with each variation's viewers, submits, submit rate and confidence
export const GET = ajax({
  resources: ['forms_read'],
  intParams: ['experimentId'],
  handler: ({ ctx, params }) => experimentResults(ctx.principal.companyId, Number(params.experimentId), new Date()),
})
export type FormExperimentResponse = Awaited<ReturnType<typeof experimentResults>>
