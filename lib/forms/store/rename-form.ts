import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { getForm } from './get-form'
import type { FormDetail } from './types'

export async function renameForm(companyId: number, formId: string, name: string): Promise<FormDetail> {
  const clean = name.trim()
  if (!clean || clean.length > 255)
    throw badRequest('A form needs a name of 1 to 255 characters.', {
      name: ['A form needs a name of 1 to 255 characters.'],
    })
  const r = await db.form.updateMany({ where: { id: formId, companyId }, data: { name: clean } })
  if (!r.count) throw notFound('Form not found.')
  return getForm(companyId, formId)
}
