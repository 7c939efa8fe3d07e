// A new form with its first version, from a definition (the /api and a blank form) or a template.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { newFormId } from '../ids'
import { summarizeDefinition } from '../definition/summarize'
import type { FormVersionDefinition } from '../definition/version'
import { checkDefinition } from './check-definition'
import { encodeForm } from './encode'
import type { FormDetail } from './types'

export interface CreateFormInput {
  name: string
  /** Parsed or raw Version JSON; raw is checked here. */
  definition: unknown
  templateKey?: string | null
  /** Where the definition sits in the caller's body, for error pointers. */
  pointerBase?: string
}

export async function createForm(companyId: number, input: CreateFormInput): Promise<FormDetail> {
  const name = input.name.trim()
  if (!name || name.length > 255) throw badRequest('A form needs a name of 1 to 255 characters.', { name: ['A form needs a name of 1 to 255 characters.'] })
  const version: FormVersionDefinition = checkDefinition(input.definition, input.pointerBase)
  const summary = summarizeDefinition(version)
  // 56^6 ids: a collision is rare, but the id is a primary key, so a clash retries rather than failing.
  for (let attempt = 0; ; attempt++) {
    const id = newFormId()
    try {
      const form = await db.form.create({
        data: {
          id, companyId, name, status: 'draft', formType: summary.formType, channelType: summary.channelType, listId: summary.listId,
          templateKey: input.templateKey ?? null,
          versions: { create: { companyId, variationName: 'Version A', formType: summary.formType, status: 'draft', definition: JSON.stringify(version) } },
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
