import { ajax } from '@/lib/http/ajax'
import { getTemplate } from '@/lib/mobile/whatsapp-templates'

// GET /ajax/mobile/whatsapp-templates/{id} – one template
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx, params }) => ({ template: await getTemplate(ctx.principal.companyId, params.id!) }),
})
