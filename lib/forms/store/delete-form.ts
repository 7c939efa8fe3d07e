// Deletes a form; its versions and experiments go with it (cascade). Activity rows stay for reports.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { invalidateLiveForms } from '../live-forms-cache'

export async function deleteForm(companyId: number, formId: string): Promise<void> {
  const r = await db.form.deleteMany({ where: { id: formId, companyId } })
  if (!r.count) throw notFound('Form not found.')
  invalidateLiveForms(companyId)
}
