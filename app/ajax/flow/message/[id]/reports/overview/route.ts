import { ajax } from '@/lib/http/ajax'
import { messageOverview } from '@/lib/flows/reports/message-overview'

// GET /ajax/flow/message/[id]/reports/overview – recipients, delivery and engagement rates, per-day series
export const GET = ajax({
  resources: ['flows_read', 'flows_reporting'],
  handler: ({ ctx, params }) => messageOverview(ctx.principal.companyId, params.id!),
})
export type MessageOverviewResponse = Awaited<ReturnType<typeof messageOverview>>
