import { ajax } from '@/lib/http/ajax'
import { cloneTemplateBody } from '@/lib/templates/store/ajax-bodies'
import { cloneTemplate } from '@/lib/templates/store/save-template'
import { templateDetail } from '@/lib/templates/store/template-view'

// POST /ajax/email-templates/[id]/clone – a copy ("Copy of <name>" unless named)
export const POST = ajax({
  resources: ['templates_write'],
  body: cloneTemplateBody,
  status: 201,
  handler: async ({ ctx, params, body }) => ({
    template: templateDetail(await cloneTemplate(ctx.principal.companyId, params.id!, body.name)),
  }),
})
