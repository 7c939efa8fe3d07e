// Publish: one version goes live, the others back to draft, and the form mirrors the live
// version. Unpublish: every version back to draft and any schedule cleared.
import { db } from '@/lib/db/client'
import { invalidateLiveForms } from '../live-forms-cache'
import { notFound } from '@/lib/errors/app-error'
import { summarizeDefinition } from '../definition/summarize'
import { parseFormVersion } from '../definition/parse-form-version'
import { getForm, getFormRow } from './get-form'
import { parseDefinition } from './encode'
import type { FormDetail } from './types'

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0]

/** The version a publish or schedule acts on: the one named, else the newest. */
export async function pickVersion(companyId: number, formId: string, versionId?: number) {
  const form = await getFormRow(companyId, formId)
  const version =
    versionId === undefined
      ? [...form.versions].sort((a, b) => b.id - a.id)[0]
      : form.versions.find((v) => v.id === versionId)
  if (!version) throw notFound('Form version not found.')
  return { form, version }
}

/** Makes `versionId` the one live version and mirrors it on the form; the caller sets the status. */
export async function makeVersionLive(
  tx: Tx,
  companyId: number,
  formId: string,
  versionId: number,
  definition: string,
) {
  await tx.formVersion.updateMany({ where: { formId, companyId, id: { not: versionId } }, data: { status: 'draft' } })
  await tx.formVersion.updateMany({ where: { formId, companyId, id: versionId }, data: { status: 'live' } })
  const parsed = parseFormVersion(parseDefinition(definition))
  if (parsed.ok) {
    const s = summarizeDefinition(parsed.version)
    await tx.form.updateMany({
      where: { id: formId, companyId },
      data: { formType: s.formType, channelType: s.channelType, listId: s.listId },
    })
  }
}

export async function publishForm(
  companyId: number,
  formId: string,
  versionId?: number,
  now = new Date(),
): Promise<FormDetail> {
  const { version } = await pickVersion(companyId, formId, versionId)
  await db.$transaction(async (tx) => {
    await makeVersionLive(tx, companyId, formId, version.id, version.definition)
    // Published now: a pending publishAt is spent; an unpublishAt still ends it later.
    await tx.form.updateMany({
      where: { id: formId, companyId },
      data: { status: 'live', hasBeenLive: true, lastPublishedAt: now, publishAt: null },
    })
  })
  invalidateLiveForms(companyId)
  return getForm(companyId, formId)
}

export async function unpublishForm(companyId: number, formId: string): Promise<FormDetail> {
  await getFormRow(companyId, formId)
  await db.$transaction([
    db.formVersion.updateMany({ where: { formId, companyId }, data: { status: 'draft' } }),
    db.form.updateMany({
      where: { id: formId, companyId },
      data: { status: 'draft', publishAt: null, unpublishAt: null, scheduleTimeZone: null },
    }),
  ])
  invalidateLiveForms(companyId)
  return getForm(companyId, formId)
}
