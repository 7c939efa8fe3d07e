import { ajax } from '@/lib/http/ajax'
import { getAudience } from '@/lib/insights/get-audience'

// GET /ajax/insights/audience – profiles, customers, growth, engagement tiers, countries, predicted CLV
export const GET = ajax({
  resources: ['metrics_read'],
  handler: ({ ctx }) => getAudience(ctx.principal.companyId),
})
export type AudienceResponse = Awaited<ReturnType<typeof getAudience>>
