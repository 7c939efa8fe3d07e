import { ajax } from '@/lib/http/ajax'
import { refreshTemplateStatus } from '@/lib/mobile/whatsapp-templates'

// POST /ajax/mobile/whatsapp-templates/{id}/status – asks WhatsApp for the review status now (the screen polls while PENDING)
export const POST = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx, params }) => ({ template: await refreshTemplateStatus(ctx.principal.companyId, params.id!) }),
})
