import { ajax, z } from '@/lib/http/ajax'
import { listFormExperiments } from '@/lib/forms/experiments/list-experiments'
import { createFormExperiment, createExperimentInput } from '@/lib/forms/experiments/create-experiment'

// GET /ajax/form-experiments?formId= – a form's A/B experiments with their variations and the form's versions
export const GET = ajax({
  resources: ['forms_read'],
  query: z.object({ formId: z.string().min(1).max(64) }),
  handler: ({ ctx, query }) => listFormExperiments(ctx.principal.companyId, query.formId),
})
export type FormExperimentsResponse = Awaited<ReturnType<typeof listFormExperiments>>

// POST /ajax/form-experiments – create a draft experiment {formId, name, winnerMode, variations:[{versionId, weight}]}
export const POST = ajax({
  resources: ['forms_write'],
  body: z.object({ formId: z.string().min(1).max(64) }).passthrough(),
  status: 201,
  handler: async ({ ctx, body }) => {
    const { formId, ...rest } = body
    const e = await createFormExperiment(ctx.principal.companyId, formId, rest as z.input<typeof createExperimentInput>)
    return { id: e.id }
  },
})
