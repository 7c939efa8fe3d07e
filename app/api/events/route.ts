import { apiRoute } from '@/lib/api/api-route'
import { acceptEventBody, createEventBody, eventPointer } from '@/lib/api/event-body'
import { listEventsPage } from '@/lib/api/events/list-events'
import { checkEventIncludeScopes } from '@/lib/api/events/check-include-scopes'

// GET /api/events – events with metric, profile and time filters; include metric,profile
export const GET = apiRoute({
  scopes: ['events:read'],
  rate: 'XL',
  handler: ({ ctx }) => {
    checkEventIncludeScopes(ctx)
    return listEventsPage(ctx.companyId, ctx.url)
  },
})

// POST /api/events – accepts one event for background processing (202, no body)
export const POST = apiRoute({
  scopes: ['events:write'],
  rate: 'XL',
  body: createEventBody,
  status: 202,
  pointerFor: eventPointer,
  handler: async ({ ctx, body }) => {
    await acceptEventBody(ctx.companyId, body, 'api')
  },
})
