import { ajax } from '@/lib/http/ajax'
import { messageVariations } from '@/lib/flows/reports/message-variations'

// GET /ajax/flow/message/[id]/reports/variations – the A/B test the message belongs to, with each variation's figures (abTest null when none)
export const GET = ajax({
  resources: ['flows_read', 'flows_reporting'],
  handler: ({ ctx, params }) => messageVariations(ctx.principal.companyId, params.id!),
})
export type MessageVariationsResponse = Awaited<ReturnType<typeof messageVariations>>
