import { ajax, z } from '@/lib/http/ajax'
import { allFlows } from '@/lib/flows/ajax/flows-list'

// GET /ajax/flows – every flow of the company (archived ones with includeArchived=true), for pickers
export const GET = ajax({
  resources: ['flows_read'],
  query: z.object({ includeArchived: z.enum(['true', 'false']).default('false') }),
  handler: ({ ctx, query }) => allFlows(ctx.principal.companyId, query.includeArchived === 'true'),
})
