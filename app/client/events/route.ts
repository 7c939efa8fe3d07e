import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { acceptEventBody, createEventBody, eventPointer } from '@/lib/api/event-body'

// POST /client/events – a browser's event, by public key (202, no body)
export const POST = clientRoute({
  rate: 'XL',
  body: createEventBody,
  status: 202,
  pointerFor: eventPointer,
  handler: async ({ ctx, body }) => {
    await acceptEventBody(ctx.companyId, body, 'client')
  },
})

// OPTIONS /client/events – CORS preflight
export const OPTIONS = clientPreflight
