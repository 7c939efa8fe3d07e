import { ajax } from '@/lib/http/ajax'
import { getSubscribeLink } from '@/lib/growth/subscribe-links/list-subscribe-links'
import { subscribeLinkBody } from '@/lib/growth/subscribe-links/link-body'
import { updateSubscribeLink } from '@/lib/growth/subscribe-links/save-subscribe-link'

// GET /ajax/growth/subscribe-links/{linkId} – one link for its editor (another company's is a 404)
export const GET = ajax({
  resources: ['growth_tools_read'],
  handler: async ({ ctx, params }) => ({ link: await getSubscribeLink(ctx.principal.companyId, params.linkId!) }),
})

// PUT /ajax/growth/subscribe-links/{linkId} – saves the editor (list, slug, content, status)
export const PUT = ajax({
  resources: ['growth_tools_read', 'forms_write'],
  body: subscribeLinkBody,
  handler: async ({ ctx, params, body }) => {
    await updateSubscribeLink(ctx.principal.companyId, params.linkId!, body)
    return { link: await getSubscribeLink(ctx.principal.companyId, params.linkId!) }
  },
})
