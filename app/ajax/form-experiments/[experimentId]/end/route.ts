import { ajax, z } from '@/lib/http/ajax'
import { endFormExperiment } from '@/lib/forms/experiments/end-experiment'

// POST /ajax/form-experiments/{experimentId}/end {winnerVersionId} – end a running experiment: the winner becomes the one live version
export const POST = ajax({
  resources: ['forms_write'],
  intParams: ['experimentId'],
  body: z.object({ winnerVersionId: z.number().int().positive() }),
  handler: async ({ ctx, params, body }) => {
    const e = await endFormExperiment(
      ctx.principal.companyId,
      Number(params.experimentId),
      body.winnerVersionId,
      new Date(),
    )
    return { id: e.id, status: e.status, winnerVersionId: e.winnerVersionId }
  },
})
