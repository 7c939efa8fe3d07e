import { ajax } from '@/lib/http/ajax'
import { setWhatsAppTemplate, whatsappTemplateBody } from '@/lib/flows/webhook-action/whatsapp-template'

// POST /ajax/flow/message/{messageId}/whatsapp-template – chooses the vendor WhatsApp template (vendorReferenceId) of a WhatsApp message
export const POST = ajax({
  resources: ['flows_write'],
  body: whatsappTemplateBody,
  handler: ({ ctx, params, body }) => setWhatsAppTemplate(ctx.principal.companyId, params.id!, body.vendorReferenceId),
})
