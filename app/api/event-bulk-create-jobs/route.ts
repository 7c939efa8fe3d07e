import { apiRoute } from '@/lib/api/api-route'
import { acceptBulkEvents, eventBulkCreateJobBody } from '@/lib/api/events/bulk-event-body'

// POST /api/event-bulk-create-jobs – up to 1,000 events for many profiles, queued for ingest (202, no body)
export const POST = apiRoute({
  scopes: ['events:write'],
  rate: 'M',
  body: eventBulkCreateJobBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    const entries = body.data.attributes['events-bulk-create'].data
    await acceptBulkEvents(
      ctx.companyId,
      entries.map((entry, i) => ({ entry, pointer: `/data/attributes/events-bulk-create/data/${i}` })),
      'api',
    )
  },
})
