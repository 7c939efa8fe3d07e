import { ajax } from '@/lib/http/ajax'
import { sendPreviewBody, withTemplateErrors } from '@/lib/templates/store/ajax-bodies'
import { sendTemplatePreview } from '@/lib/messaging/send-template-preview'

// POST /ajax/email-templates/[id]/send-preview – sends the template to an address through the send pipeline (SMTP or the outbox)
export const POST = ajax({
  resources: ['templates_write'],
  body: sendPreviewBody,
  status: 202,
  handler: ({ ctx, params, body }) =>
    withTemplateErrors(async () => {
      const r = await sendTemplatePreview(ctx.principal.companyId, params.id!, body)
      return Response.json(r, { status: 202 })
    }),
})
