import { ajax } from '@/lib/http/ajax'
import { previewBody, withTemplateErrors } from '@/lib/templates/store/ajax-bodies'
import { previewTemplate } from '@/lib/templates/store/preview-template'

// POST /ajax/email-templates/[id]/preview – rendered for a profile (default a sample one) and one of its events; unsaved content may be sent
export const POST = ajax({
  resources: ['templates_read'],
  body: previewBody,
  handler: ({ ctx, params, body }) =>
    withTemplateErrors(async () => {
      const hasContent = body.html !== undefined || body.text !== undefined || body.definition !== undefined
      const r = await previewTemplate(ctx.principal.companyId, params.id!, {
        profileId: body.profileId,
        eventId: body.eventId,
        subject: body.subject,
        ...(hasContent ? { content: { html: body.html, text: body.text, definition: body.definition } } : {}),
      })
      return {
        html: r.html,
        text: r.text,
        subject: r.subject,
        profile: r.profile,
        event: r.event,
        usesEvent: r.usesEvent,
      }
    }),
})
