import { ajax } from '@/lib/http/ajax'
import { getFunnel } from '@/lib/insights/get-funnel'
import { funnelQuery } from '@/lib/insights/inputs'

// GET /ajax/insights/funnel – visit → view → cart → checkout → order within a timeframe, optionally by source
export const GET = ajax({
  resources: ['metrics_read'],
  query: funnelQuery,
  handler: ({ ctx, query }) => getFunnel(ctx.principal.companyId, query),
})
export type FunnelResponse = Awaited<ReturnType<typeof getFunnel>>
