import { ajax, z } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { signFormPreviewToken } from '@/lib/forms/preview-token'

const previewTokenBody = z.object({
  formId: z.string().min(1).max(32),
  versionId: z.coerce.number().int().positive().max(2_147_483_647),
})

// POST /ajax/forms-preview-token – a one-hour token that shows this company's form version on the merchant's own site (?klaviyo_form_preview=)
export const POST = ajax({
  resources: ['forms_read'],
  body: previewTokenBody,
  handler: async ({ ctx, body }) => {
    const companyId = ctx.principal.companyId
    const version = await db.formVersion.findFirst({
      where: { id: body.versionId, formId: body.formId, companyId },
      select: { id: true },
    })
    if (!version) throw notFound()
    return { token: signFormPreviewToken(companyId, body.formId, version.id) }
  },
})
