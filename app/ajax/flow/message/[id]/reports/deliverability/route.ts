import { ajax } from '@/lib/http/ajax'
import { messageDeliverability } from '@/lib/flows/reports/message-deliverability'

// GET /ajax/flow/message/[id]/reports/deliverability – send statuses, skip and failure reasons, bounces and spam by kind
export const GET = ajax({
  resources: ['flows_read', 'flows_reporting'],
  handler: ({ ctx, params }) => messageDeliverability(ctx.principal.companyId, params.id!),
})
export type MessageDeliverabilityResponse = Awaited<ReturnType<typeof messageDeliverability>>
