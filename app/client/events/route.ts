import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { createEventBody, eventPointer, toEventInput } from '@/lib/api/event-body'
import { acceptEvent } from '@/lib/events/accept-event'

// POST /client/events – a browser's event, by public key (202, no body)
export const POST = clientRoute({
  rate: 'XL',
  body: createEventBody,
  status: 202,
  pointerFor: eventPointer,
  handler: async ({ ctx, body }) => {
    await acceptEvent(ctx.companyId, toEventInput(body), { source: 'client' })
  },
})

// OPTIONS /client/events – CORS preflight
export const OPTIONS = clientPreflight
