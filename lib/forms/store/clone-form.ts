// Clones a form as a draft ("Copy of …"): every version copied as a draft, no schedule, no
// experiment, never live. The copy is a new form with its own id and history.
import { db } from '@/lib/db/client'
import { newFormId } from '../ids'
import { getFormRow } from './get-form'
import { encodeForm } from './encode'
import type { FormDetail } from './types'

export async function cloneForm(companyId: number, formId: string, opts: { name?: string } = {}): Promise<FormDetail> {
  const src = await getFormRow(companyId, formId)
  const name = (opts.name?.trim() || `Copy of ${src.name}`).slice(0, 255)
  for (let attempt = 0; ; attempt++) {
    try {
      const copy = await db.form.create({
        data: {
          id: newFormId(),
          companyId,
          name,
          status: 'draft',
          formType: src.formType,
          channelType: src.channelType,
          listId: src.listId,
          templateKey: src.templateKey,
          versions: {
            create: [...src.versions]
              .sort((a, b) => a.id - b.id)
              .map((v) => ({
                companyId,
                variationName: v.variationName,
                formType: v.formType,
                status: 'draft',
                definition: v.definition,
              })),
          },
        },
        include: { versions: true },
      })
      return encodeForm(copy)
    } catch (e) {
      if (attempt < 3 && (e as { code?: string }).code === 'P2002') continue
      throw e
    }
  }
}
