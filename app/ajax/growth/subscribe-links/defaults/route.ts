import { ajax, z } from '@/lib/http/ajax'
import { newLinkDefaults } from '@/lib/growth/subscribe-links/new-link-defaults'

// GET /ajax/growth/subscribe-links/defaults?listId= – a new link's content from the consent pages
export const GET = ajax({
  resources: ['growth_tools_read'],
  query: z.object({ listId: z.string().max(64).optional() }),
  handler: async ({ ctx, query }) => ({ content: await newLinkDefaults(ctx.principal.companyId, query.listId) }),
})
