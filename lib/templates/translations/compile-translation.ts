// A ready template translation compiled once (as a template save is), so a send picks the
// finished subject, HTML and text for the recipient's language and renders nothing extra.
// Compiled again whenever the template's content is saved (save-template.ts).
import { db } from '@/lib/db/client'
import { compileTemplate, type TemplateKind } from '@/lib/templates/compile-template'
import { TemplateInvalidError } from '@/lib/templates/store/template-errors'
import { applyTemplateStrings, type Strings, type TemplateSource } from './translatable-strings'
import type { TranslatedContent } from './types'

const parseStrings = (s: string): Strings => {
  try {
    return JSON.parse(s) as Strings
  } catch {
    return {}
  }
}

/**
 * The ready saved-content translations of a locale, merged: a block inserted from saved content
 * (or any string with the same original words) has the same string ids, and takes the saved
 * block's translation unless the template's own translation gives one.
 */
export async function savedContentStrings(companyId: number, locale: string): Promise<Strings> {
  const rows = await db.templateTranslation.findMany({
    where: { companyId, locale, ready: true, universalContentId: { not: null } },
    select: { strings: true },
    orderBy: { updatedAt: 'asc' },
  })
  return Object.assign({}, ...rows.map((r) => parseStrings(r.strings))) as Strings
}

export async function compileTranslation(
  template: TemplateSource & { updatedAt?: Date },
  strings: Strings,
  shared: Strings = {},
): Promise<TranslatedContent> {
  const own = Object.fromEntries(Object.entries(strings).filter(([, v]) => v.trim()))
  const t = applyTemplateStrings(template, { ...shared, ...own })
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
      const shared = await savedContentStrings(companyId, r.locale)
      compiled = JSON.stringify(await compileTranslation(template, parseStrings(r.strings), shared))
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
