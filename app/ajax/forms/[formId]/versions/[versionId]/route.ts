import { ajax, readBody, z } from '@/lib/http/ajax'
import { saveFormVersion } from '@/lib/forms/store/save-version'

// The definition keeps the vendor's snake_case keys, so the body is read as sent (the wrapper's
// body option would camelize them).
const saveBody = z.object({ definition: z.unknown(), variationName: z.string().max(255).optional() }).strict()

// PUT /ajax/forms/[formId]/versions/[versionId] – saves a version's definition; a bad one is a 400 keyed by JSON pointer
export const PUT = ajax({
  resources: ['forms_write'],
  intParams: ['versionId'],
  handler: async ({ ctx, params }) => {
    const body = saveBody.parse(await readBody(ctx.req))
    return {
      form: await saveFormVersion(ctx.principal.companyId, params.formId!, Number(params.versionId), {
        definition: body.definition,
        variationName: body.variationName,
      }),
    }
  },
})
