import { ajax } from '@/lib/http/ajax'
import { submitForApproval } from '@/lib/mobile/whatsapp-templates'

// POST /ajax/mobile/whatsapp-templates/{id}/submit – submits the template to WhatsApp for review
export const POST = ajax({
  resources: ['templates_read', 'templates_write'],
  handler: async ({ ctx, params }) => ({ template: await submitForApproval(ctx.principal.companyId, params.id!) }),
})
