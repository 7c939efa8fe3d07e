import { ajax } from '@/lib/http/ajax'
import { contentTypeBody, setContentType } from '@/lib/flows/ajax/messages-update'

// POST /ajax/flow/message/[id]/content-type – starts the email over as drag-and-drop, HTML or text (setupType)
export const POST = ajax({
  resources: ['flows_content_write'],
  body: contentTypeBody,
  handler: ({ ctx, params, body }) => setContentType(ctx.principal.companyId, params.id!, body.setupType),
})
