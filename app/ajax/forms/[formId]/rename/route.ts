import { ajax, z } from '@/lib/http/ajax'
import { renameForm } from '@/lib/forms/store/rename-form'

// POST /ajax/forms/[formId]/rename – renames the form
export const POST = ajax({
  resources: ['forms_write'],
  body: z.object({ name: z.string().max(255) }).strict(),
  handler: async ({ ctx, params, body }) => ({
    form: await renameForm(ctx.principal.companyId, params.formId!, body.name),
  }),
})
