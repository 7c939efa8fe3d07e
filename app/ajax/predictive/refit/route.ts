import { ajax } from '@/lib/http/ajax'
import { queueRefit } from '@/lib/predictive/jobs'

// POST /ajax/predictive/refit – queues a refit of the account's predictive models (the worker
// writes the fit and the scores; the CLV screen polls GET /ajax/predictive/clv)
export const POST = ajax({
  resources: ['ca_reports_view'],
  status: 202,
  handler: async ({ ctx }) => ({ jobId: await queueRefit(ctx.principal.companyId, 'manual') }),
})
