import { ajax } from '@/lib/http/ajax'
import { unpublishForm } from '@/lib/forms/store/publish-form'

// POST /ajax/forms/[formId]/unpublish – every version back to draft, any schedule cleared
export const POST = ajax({
  resources: ['forms_write'],
  handler: async ({ ctx, params }) => ({ form: await unpublishForm(ctx.principal.companyId, params.formId!) }),
})
