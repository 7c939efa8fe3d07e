// One form with its versions, by id, inside the company (anything else is a 404).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { encodeForm } from './encode'
import type { FormDetail } from './types'

export async function getFormRow(companyId: number, formId: string) {
  const form = await db.form.findFirst({ where: { id: formId, companyId }, include: { versions: true } })
  if (!form) throw notFound('Form not found.')
  return form
}

export async function getForm(companyId: number, formId: string): Promise<FormDetail> {
  return encodeForm(await getFormRow(companyId, formId))
}
