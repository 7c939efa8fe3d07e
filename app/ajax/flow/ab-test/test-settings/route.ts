import { ajax, z } from '@/lib/http/ajax'
import { allTestSettings } from '@/lib/flows/ajax/ab-tests-manage'

// GET /ajax/flow/ab-test/test-settings – the settings of every A/B test action (?flow_id= for one flow)
export const GET = ajax({
  resources: ['flows_read'],
  query: z.object({ flow_id: z.string().min(1).max(64).optional(), flowId: z.string().min(1).max(64).optional() }),
  handler: ({ ctx, query }) => allTestSettings(ctx.principal.companyId, query.flowId ?? query.flow_id),
})
