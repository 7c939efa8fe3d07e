import { ajax, z } from '@/lib/http/ajax'
import { addFormVersion } from '@/lib/forms/store/add-version'

const addBody = z
  .object({ fromVersionId: z.number().int().positive().optional(), variationName: z.string().max(255).optional() })
  .strict()

// POST /ajax/forms/[formId]/versions – adds a variation (a draft copy of a version, default the newest)
export const POST = ajax({
  resources: ['forms_write'],
  body: addBody,
  status: 201,
  handler: async ({ ctx, params, body }) => ({
    form: await addFormVersion(ctx.principal.companyId, params.formId!, body),
  }),
})
