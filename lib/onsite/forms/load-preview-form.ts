// The form version a /forms/{id}/test/live token names, live or draft, for the store page that
// was opened with ?klaviyo_form_preview=. The token is checked against the company of the
// script's company_id too, so a token only works on its own company's script.
import { db } from '@/lib/db/client'
import { verifyFormPreviewToken } from '@/lib/forms/preview-token'
import type { LiveForm } from './types'

export async function loadPreviewForm(
  companyId: number,
  token: string | null,
  now = Date.now(),
): Promise<LiveForm | null> {
  const claims = verifyFormPreviewToken(token, now)
  if (!claims || claims.companyId !== companyId) return null
  const version = await db.formVersion.findFirst({
    where: { id: claims.versionId, formId: claims.formId, companyId },
    include: { form: { select: { name: true, listId: true } } },
  })
  if (!version) return null
  let definition: Record<string, unknown>
  try {
    definition = JSON.parse(version.definition) as Record<string, unknown>
  } catch {
    return null
  }
  return {
    form_id: version.formId,
    form_version_id: version.id,
    form_type: version.formType,
    name: version.form.name,
    list_id: version.form.listId,
    definition,
  }
}
