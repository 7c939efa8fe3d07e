// A new form with its versions (one from a template or a blank form; one or more from the /api's
// FormDefinition.versions). Every definition is checked before anything is written.
import { db } from '@/lib/db/client'
import { AppError, badRequest } from '@/lib/errors/app-error'
import { newFormId } from '../ids'
import { summarizeDefinition } from '../definition/summarize'
import { checkDefinition } from './check-definition'
import { encodeForm } from './encode'
import { MAX_VERSIONS } from './add-version'
import type { FormDetail } from './types'

export interface NewVersion {
  /** Raw Version JSON, checked here. */
  definition: unknown
  variationName?: string | null
  /** Where this definition sits in the caller's body, for error pointers. */
  pointerBase?: string
}

export interface CreateFormInput {
  name: string
  versions: NewVersion[]
  templateKey?: string | null
}

export async function createForm(companyId: number, input: CreateFormInput): Promise<FormDetail> {
  const name = input.name.trim()
  if (!name || name.length > 255)
    throw badRequest('A form needs a name of 1 to 255 characters.', {
      name: ['A form needs a name of 1 to 255 characters.'],
    })
  if (!input.versions.length || input.versions.length > MAX_VERSIONS)
    throw badRequest(`A form has 1 to ${MAX_VERSIONS} versions.`, {
      'definition.versions': [`A form has 1 to ${MAX_VERSIONS} versions.`],
    })
  const fieldErrors: Record<string, string[]> = {}
  const checked = input.versions.map((v) => {
    try {
      return checkDefinition(v.definition, v.pointerBase)
    } catch (e) {
      if (!(e instanceof AppError) || !e.fieldErrors) throw e
      for (const [k, m] of Object.entries(e.fieldErrors)) (fieldErrors[k] ??= []).push(...m)
      return null
    }
  })
  if (Object.keys(fieldErrors).length)
    throw new AppError('invalid', 400, 'The form definition is not valid.', fieldErrors)
  const versions = checked.map((version, i) => {
    const s = summarizeDefinition(version!)
    const variationName =
      (input.versions[i]!.variationName ?? '').trim().slice(0, 255) || `Version ${String.fromCharCode(65 + i)}`
    return { companyId, variationName, formType: s.formType, status: 'draft', definition: JSON.stringify(version) }
  })
  const summary = summarizeDefinition(checked[0]!)
  // 56^6 ids: a collision is rare, but the id is a primary key, so a clash retries rather than failing.
  for (let attempt = 0; ; attempt++) {
    try {
      const form = await db.form.create({
        data: {
          id: newFormId(),
          companyId,
          name,
          status: 'draft',
          formType: summary.formType,
          channelType: summary.channelType,
          listId: summary.listId,
          templateKey: input.templateKey ?? null,
          versions: { create: versions },
        },
        include: { versions: true },
      })
      return encodeForm(form)
    } catch (e) {
      if (attempt < 3 && (e as { code?: string }).code === 'P2002') continue
      throw e
    }
  }
}
