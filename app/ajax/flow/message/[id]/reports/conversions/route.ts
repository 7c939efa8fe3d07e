import { ajax } from '@/lib/http/ajax'
import { messageConversions } from '@/lib/flows/reports/message-conversions'

// GET /ajax/flow/message/[id]/reports/conversions – Placed Order by recipients within 5 days of the send
export const GET = ajax({
  resources: ['flows_read', 'flows_reporting'],
  handler: ({ ctx, params }) => messageConversions(ctx.principal.companyId, params.id!),
})
export type MessageConversionsResponse = Awaited<ReturnType<typeof messageConversions>>
