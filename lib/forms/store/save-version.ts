// Saves a version's definition; the form row mirrors it (type, channel, subscribe list) so the
// listing, /list/{id}/forms and the onsite payload read columns, not JSON.
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { summarizeDefinition } from '../definition/summarize'
import { checkDefinition } from './check-definition'
import { invalidateLiveForms } from '../live-forms-cache'
import { getForm, getFormRow } from './get-form'
import type { FormDetail } from './types'

export interface SaveVersionInput {
  definition: unknown
  variationName?: string
  pointerBase?: string
}

export async function saveFormVersion(
  companyId: number,
  formId: string,
  versionId: number,
  input: SaveVersionInput,
): Promise<FormDetail> {
  const version = checkDefinition(input.definition, input.pointerBase)
  if (input.variationName !== undefined && (!input.variationName.trim() || input.variationName.length > 255)) {
    throw badRequest('A variation name has 1 to 255 characters.', {
      variationName: ['A variation name has 1 to 255 characters.'],
    })
  }
  const form = await getFormRow(companyId, formId)
  const row = form.versions.find((v) => v.id === versionId)
  if (!row) throw notFound('Form version not found.')
  const summary = summarizeDefinition(version)
  // The form shows its live version's type; a draft-only form shows the version being edited.
  const mirrors = row.status === 'live' || !form.versions.some((v) => v.status === 'live')
  await db.$transaction([
    db.formVersion.updateMany({
      where: { id: versionId, formId, companyId },
      data: {
        definition: JSON.stringify(version),
        formType: summary.formType,
        ...(input.variationName ? { variationName: input.variationName.trim() } : {}),
      },
    }),
    db.form.updateMany({
      where: { id: formId, companyId },
      data: mirrors
        ? { formType: summary.formType, channelType: summary.channelType, listId: summary.listId }
        : { updatedAt: new Date() },
    }),
  ])
  // Saving into the live version changes what store pages show.
  if (row.status === 'live') invalidateLiveForms(companyId)
  return getForm(companyId, formId)
}
