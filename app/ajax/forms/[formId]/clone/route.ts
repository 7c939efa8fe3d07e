import { ajax, z } from '@/lib/http/ajax'
import { cloneForm } from '@/lib/forms/store/clone-form'

// POST /ajax/forms/[formId]/clone – a draft copy ("Copy of …") with all its versions
export const POST = ajax({
  resources: ['forms_write'],
  body: z.object({ name: z.string().max(255).optional() }).strict(),
  status: 201,
  handler: async ({ ctx, params, body }) => ({ form: await cloneForm(ctx.principal.companyId, params.formId!, body) }),
})
