// A ready template translation compiled once (as a template save is), so a send picks the
// finished subject, HTML and text for the recipient's language and renders nothing extra.
// Compiled again whenever the template's content is saved (save-template.ts).
import { db } from '@/lib/db/client'
import { compileTemplate, type TemplateKind } from '@/lib/templates/compile-template'
import { TemplateInvalidError } from '@/lib/templates/store/template-errors'
import { applyTemplateStrings, type Strings, type TemplateSource } from './translatable-strings'
import type { TranslatedContent } from './types'

export async function compileTranslation(
  template: TemplateSource & { updatedAt?: Date },
  strings: Strings,
): Promise<TranslatedContent> {
  const t = applyTemplateStrings(template, strings)
  const kind = template.editorType as TemplateKind
  const compiled = await compileTemplate(
    kind === 'SYSTEM_DRAGGABLE' ? { kind, definition: t.definition } : { kind, html: t.html },
  )
  if (compiled.errors.length) throw new TemplateInvalidError(compiled.errors, 'strings')
  return {
    ...(t.subject ? { subject: t.subject } : {}),
    ...(t.previewText ? { previewText: t.previewText } : {}),
    html: compiled.html,
    text: compiled.text,
  }
}

const parseStrings = (s: string): Strings => {
  try {
    return JSON.parse(s) as Strings
  } catch {
    return {}
  }
}

/** After the template's content changed: every ready translation of it compiled again. */
export async function recompileTemplateTranslations(companyId: number, templateId: string): Promise<void> {
  const rows = await db.templateTranslation.findMany({ where: { companyId, templateId, ready: true } })
  if (!rows.length) return
  const template = await db.template.findFirst({
    where: { id: templateId, companyId },
    select: { editorType: true, html: true, definition: true },
  })
  if (!template) return
  for (const r of rows) {
    let compiled: string | null
    try {
      compiled = JSON.stringify(await compileTranslation(template, parseStrings(r.strings)))
    } catch {
      // a translation that no longer compiles goes back to draft: the original is sent instead
      compiled = null
    }
    await db.templateTranslation.updateMany({
      where: { id: r.id, companyId },
      data: compiled ? { compiled } : { compiled: null, ready: false },
    })
  }
}
