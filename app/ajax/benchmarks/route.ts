import { ajax, z } from '@/lib/http/ajax'
import { accountBenchmarks } from '@/lib/deliverability/benchmarks/account-benchmarks'

// GET /ajax/benchmarks?source=campaigns|flows – the account's rates by period and the industry reference ranges
export const GET = ajax({
  // The route's own rule (lib/routes/areas/analytics.ts: /analytics/benchmarks/:page?).
  partial: ['ca_reports_view', 'metrics_read'],
  query: z.object({
    source: z.enum(['campaigns', 'flows'], 'source must be campaigns or flows.').default('campaigns'),
  }),
  handler: ({ ctx, query }) => accountBenchmarks(ctx.principal.companyId, query.source, new Date()),
})
export type BenchmarksResponse = Awaited<ReturnType<typeof accountBenchmarks>>
