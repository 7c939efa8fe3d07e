import { ajax } from '@/lib/http/ajax'
import { renameTemplateBody } from '@/lib/templates/store/ajax-bodies'
import { renameTemplate } from '@/lib/templates/store/save-template'
import { templateSummary } from '@/lib/templates/store/template-view'

// POST /ajax/email-templates/[id]/rename – renames a template
export const POST = ajax({
  resources: ['templates_write'],
  body: renameTemplateBody,
  handler: async ({ ctx, params, body }) => ({
    template: templateSummary(await renameTemplate(ctx.principal.companyId, params.id!, body.name)),
  }),
})
