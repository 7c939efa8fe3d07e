// Adds a variation: a draft copy of one version (default the newest), for editing or an A/B test.
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { getForm, getFormRow } from './get-form'
import type { FormDetail } from './types'

/** Enough variations for any A/B test; the cap keeps one form's payload small. */
export const MAX_VERSIONS = 20

export async function addFormVersion(
  companyId: number,
  formId: string,
  opts: { fromVersionId?: number; variationName?: string } = {},
): Promise<FormDetail> {
  const form = await getFormRow(companyId, formId)
  const from =
    opts.fromVersionId === undefined
      ? [...form.versions].sort((a, b) => b.id - a.id)[0]
      : form.versions.find((v) => v.id === opts.fromVersionId)
  if (!from) throw notFound('Form version not found.')
  if (form.versions.length >= MAX_VERSIONS) throw badRequest(`A form has at most ${MAX_VERSIONS} versions.`)
  const name = opts.variationName?.trim() || `Version ${variationLetter(form.versions.length)}`
  if (name.length > 255)
    throw badRequest('A variation name has at most 255 characters.', { variationName: ['At most 255 characters.'] })
  await db.$transaction([
    db.formVersion.create({
      data: {
        formId,
        companyId,
        variationName: name,
        formType: from.formType,
        status: 'draft',
        definition: from.definition,
      },
    }),
    db.form.updateMany({ where: { id: formId, companyId }, data: { updatedAt: new Date() } }),
  ])
  return getForm(companyId, formId)
}

/** Version A, B, … Z, then AA, AB … */
function variationLetter(index: number): string {
  let s = ''
  for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) s = String.fromCharCode(65 + (n % 26)) + s
  return s
}
