import { ajax } from '@/lib/http/ajax'
import { messageLinks } from '@/lib/flows/reports/message-links'

// GET /ajax/flow/message/[id]/reports/links – clicks per URL
export const GET = ajax({
  resources: ['flows_read', 'flows_reporting'],
  handler: ({ ctx, params }) => messageLinks(ctx.principal.companyId, params.id!),
})
export type MessageLinksResponse = Awaited<ReturnType<typeof messageLinks>>
