// /forms/create: a new draft form from a starting template (or a blank one), optionally
// subscribing to a list the company owns.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { findTemplate } from '../templates/form-templates'
import { createForm } from './create-form'
import type { FormDetail } from './types'

export interface CreateFromTemplateInput {
  templateKey?: string
  name?: string
  listId?: string
}

export async function createFormFromTemplate(companyId: number, input: CreateFromTemplateInput): Promise<FormDetail> {
  const template = findTemplate(input.templateKey ?? 'blank')
  if (!template) throw badRequest('Unknown template.', { templateKey: ['Unknown template.'] })
  if (input.listId) {
    const list = await db.group.findFirst({
      where: { id: input.listId, companyId, type: 0, deletedAt: null },
      select: { id: true },
    })
    if (!list) throw badRequest('No such list.', { listId: ['No such list.'] })
  }
  const company = await db.company.findUnique({ where: { id: companyId }, select: { name: true } })
  // No company setting holds SMS consent wording yet; the template then uses its default disclosure.
  const definition = template.build({
    listId: input.listId ?? null,
    companyName: company?.name ?? '',
    smsConsentText: null,
  })
  return createForm(companyId, {
    name: input.name?.trim() || template.name,
    versions: [{ definition }],
    templateKey: template.key,
  })
}
