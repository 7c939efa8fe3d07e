// What a /translate view translates: the template an editor context owns (resolved as the
// matching editor route does, lib/editor-targets) with the subject and preview text of the
// message it was opened from, or a saved content block. Scoped to the company: another
// account's id is a 404.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { EDITOR_TARGET_KINDS, resolveEditorTemplate } from '@/lib/editor-targets/resolve-editor-template'
import { blockFromVendor } from '@/lib/templates/vendor-definition'
import type { LeafBlock } from '@/lib/templates/block-definition'
import type { UniversalDefinition } from '@/lib/templates/store/universal-content'
import { blockStrings, templateStrings, type TemplateSource, type TranslatableString } from './translatable-strings'

export const TRANSLATION_TARGET_KINDS = ['template', ...EDITOR_TARGET_KINDS, 'universal-content'] as const
export type TranslationTargetKind = (typeof TRANSLATION_TARGET_KINDS)[number]

export const translationTargetQuery = z.object({
  kind: z.enum(TRANSLATION_TARGET_KINDS),
  id: z.string().trim().min(1).max(64),
})

export type TranslationOwner = { templateId: string } | { universalContentId: string }

export interface TranslationTarget {
  owner: TranslationOwner
  name: string
  strings: TranslatableString[]
  /** Set for a template: what compiling a translation starts from. */
  template?: TemplateSource & { id: string }
  /** Set for a saved content block. */
  block?: LeafBlock
}

const parse = (s: string | null | undefined): Record<string, unknown> => {
  try {
    const v = s ? JSON.parse(s) : {}
    return v && typeof v === 'object' ? v : {}
  } catch {
    return {}
  }
}
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null)

async function messageHead(companyId: number, kind: TranslationTargetKind, id: string) {
  if (kind === 'flow-message') {
    const m = await db.flowMessage.findFirst({ where: { id, companyId }, select: { definition: true } })
    const d = parse(m?.definition)
    return { subject: str(d.subject_line), previewText: str(d.preview_text) }
  }
  if (kind === 'variation') {
    const v = await db.campaignVariation.findFirst({
      where: { id, companyId },
      select: { content: true, messageId: true },
    })
    const m =
      v && (await db.campaignMessage.findFirst({ where: { id: v.messageId, companyId }, select: { content: true } }))
    const c = { ...parse(m?.content), ...parse(v?.content) }
    return { subject: str(c.subject), previewText: str(c.preview_text) }
  }
  if (kind === 'template') return { subject: null, previewText: null }
  const m = await db.campaignMessage.findFirst({
    where: { companyId, campaignId: id, templateId: { not: null } },
    orderBy: { createdAt: 'asc' },
    select: { content: true },
  })
  const c = parse(m?.content)
  return { subject: str(c.subject), previewText: str(c.preview_text) }
}

export async function templateTarget(companyId: number, templateId: string, head = {}): Promise<TranslationTarget> {
  const t = await db.template.findFirst({
    where: { id: templateId, companyId },
    select: { id: true, name: true, editorType: true, html: true, definition: true },
  })
  if (!t) throw notFound(`A template with id ${templateId} was not found.`)
  const template = { ...t, ...head }
  return { owner: { templateId: t.id }, name: t.name, strings: templateStrings(template), template }
}

export async function resolveTranslationTarget(
  companyId: number,
  kind: TranslationTargetKind,
  id: string,
): Promise<TranslationTarget> {
  if (kind === 'universal-content') {
    const u = await db.universalContent.findFirst({ where: { id, companyId } })
    if (!u) throw notFound(`Universal content with id ${id} was not found.`)
    const block = blockFromVendor(JSON.parse(u.definition) as UniversalDefinition)
    return {
      owner: { universalContentId: u.id },
      name: u.name,
      strings: block ? blockStrings(block) : [],
      ...(block ? { block } : {}),
    }
  }
  const templateId = kind === 'template' ? id : (await resolveEditorTemplate(companyId, kind, id)).templateId
  return templateTarget(companyId, templateId, await messageHead(companyId, kind, id))
}
