import { ajax } from '@/lib/http/ajax'
import { createTemplate, listTemplates, saveTemplateBody } from '@/lib/mobile/whatsapp-templates'

// GET /ajax/mobile/whatsapp-templates – the company's WhatsApp message templates with their review status
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx }) => ({ templates: await listTemplates(ctx.principal.companyId) }),
})

// POST /ajax/mobile/whatsapp-templates – a new draft template (name, language, category, body with {{n}}, examples)
export const POST = ajax({
  resources: ['templates_read', 'templates_write'],
  body: saveTemplateBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ template: await createTemplate(ctx.principal.companyId, body) }),
})
