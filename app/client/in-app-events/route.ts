import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { invalidPointer } from '@/lib/api/api-error'
import { inAppEventBody, recordInAppEvent } from '@/lib/mobile/record-in-app-event'

// POST /client/in-app-events – the SDK reports an in-app message shown or clicked (one event per client_event_id; 202)
export const POST = clientRoute({
  rate: 'XL',
  body: inAppEventBody,
  maxBodyBytes: 10 * 1024,
  status: 202,
  handler: async ({ ctx, body }) => {
    if (!(await recordInAppEvent(ctx.companyId, body.data.attributes)))
      throw invalidPointer('/data/attributes/message_id', 'No such in-app message for this company.')
  },
})

// OPTIONS /client/in-app-events – CORS preflight
export const OPTIONS = clientPreflight
