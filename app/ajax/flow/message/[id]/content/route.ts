import { ajax } from '@/lib/http/ajax'
import { contentBody, getContent, setContent } from '@/lib/flows/ajax/messages-update'

// GET /ajax/flow/message/[id]/content – the message's template (email) or its SMS / push fields
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => getContent(ctx.principal.companyId, params.id!),
})

// POST /ajax/flow/message/[id]/content – saves content: an email gets a new template version, SMS and push their fields
export const POST = ajax({
  resources: ['flows_content_write'],
  body: contentBody,
  handler: ({ ctx, params, body }) => setContent(ctx.principal.companyId, params.id!, body),
})
