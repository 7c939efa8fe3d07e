import { ajax, z } from '@/lib/http/ajax'
import { publishForm } from '@/lib/forms/store/publish-form'

// POST /ajax/forms/[formId]/publish – one version (default the newest) goes live now
export const POST = ajax({
  resources: ['forms_write'],
  body: z.object({ versionId: z.number().int().positive().optional() }).strict(),
  handler: async ({ ctx, params, body }) => ({
    form: await publishForm(ctx.principal.companyId, params.formId!, body.versionId),
  }),
})
