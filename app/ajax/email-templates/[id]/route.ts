import { ajax } from '@/lib/http/ajax'
import { updateTemplateBody, withTemplateErrors } from '@/lib/templates/store/ajax-bodies'
import { deleteTemplate, getTemplateOrThrow, updateTemplate } from '@/lib/templates/store/save-template'
import { templateDetail } from '@/lib/templates/store/template-view'

// GET /ajax/email-templates/[id] – one template with its source, definition and compiled parts
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx, params }) => ({
    template: templateDetail(await getTemplateOrThrow(ctx.principal.companyId, params.id!)),
  }),
})

// PUT /ajax/email-templates/[id] – saves name, html, text, definition or is_transactional (compiled again; 400 with line/column)
export const PUT = ajax({
  resources: ['templates_write'],
  body: updateTemplateBody,
  handler: ({ ctx, params, body }) =>
    withTemplateErrors(async () => ({
      template: templateDetail(await updateTemplate(ctx.principal.companyId, params.id!, body)),
    })),
})

// DELETE /ajax/email-templates/[id] – deletes a template
export const DELETE = ajax({
  resources: ['templates_write'],
  handler: async ({ ctx, params }) => {
    await deleteTemplate(ctx.principal.companyId, params.id!)
    return { deleted: true }
  },
})
