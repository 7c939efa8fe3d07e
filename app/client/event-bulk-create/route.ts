import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { acceptBulkEvents, clientEventBulkCreateBody } from '@/lib/api/events/bulk-event-body'

// POST /client/event-bulk-create – a browser's events for one profile, by public key (202, no body)
export const POST = clientRoute({
  rate: 'M',
  body: clientEventBulkCreateBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    await acceptBulkEvents(ctx.companyId, [{ entry: body.data, pointer: '/data' }], 'client')
  },
})

// OPTIONS /client/event-bulk-create – CORS preflight
export const OPTIONS = clientPreflight
