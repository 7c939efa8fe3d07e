import { ajax } from '@/lib/http/ajax'
import { getForm } from '@/lib/forms/store/get-form'
import { deleteForm } from '@/lib/forms/store/delete-form'

// GET /ajax/forms/[formId] – one form with all its versions and their definitions (the editor)
export const GET = ajax({
  resources: ['forms_read'],
  handler: async ({ ctx, params }) => ({ form: await getForm(ctx.principal.companyId, params.formId!) }),
})

// DELETE /ajax/forms/[formId] – deletes the form with its versions and experiments
export const DELETE = ajax({
  resources: ['forms_write'],
  handler: async ({ ctx, params }) => {
    await deleteForm(ctx.principal.companyId, params.formId!)
    return { deleted: true }
  },
})
