import { ajax, z } from '@/lib/http/ajax'
import { listSubscribeLinks } from '@/lib/growth/subscribe-links/list-subscribe-links'
import { subscribeLinkBody } from '@/lib/growth/subscribe-links/link-body'
import { createSubscribeLink } from '@/lib/growth/subscribe-links/save-subscribe-link'

// GET /ajax/growth/subscribe-links – the company's subscribe links with their sign-up counts
export const GET = ajax({
  resources: ['growth_tools_read'],
  query: z.object({ listId: z.string().max(64).optional() }),
  handler: async ({ ctx, query }) => ({ links: await listSubscribeLinks(ctx.principal.companyId, query) }),
})

// POST /ajax/growth/subscribe-links – creates a subscribe link (400 with field errors)
export const POST = ajax({
  resources: ['growth_tools_read', 'forms_write'],
  body: subscribeLinkBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const link = await createSubscribeLink(ctx.principal.companyId, body)
    return { link: { id: link.id, slug: link.slug } }
  },
})
