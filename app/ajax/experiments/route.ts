import { ajax } from '@/lib/http/ajax'
import { listExperiments } from '@/lib/experiments-overview/list-experiments'

// GET /ajax/experiments – every A/B test of campaigns, flows and forms with status, winner and confidence
export const GET = ajax({
  resources: ['experiments_read'],
  handler: async ({ ctx }) => ({ experiments: await listExperiments(ctx.principal.companyId, new Date()) }),
})
export type ExperimentsResponse = { experiments: Awaited<ReturnType<typeof listExperiments>> }
