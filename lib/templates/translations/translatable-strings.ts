// A template's translatable strings and their replacement. The subject and preview text have
// fixed ids; every other string's id is a hash of its original text, so a translation survives
// blocks being moved, and a string whose original changes shows as untranslated (its old
// translation no longer matches anything) instead of silently sending a stale translation.
import { createHash } from 'node:crypto'
import type { BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'
import { htmlTextRuns, replaceTextRuns } from './html-text-nodes'

export const SUBJECT_ID = 'subject'
// ids pass the /ajax key transformation (snake ⇄ camel) unchanged: no underscores, no capitals
export const PREVIEW_ID = 'preview'

export type StringKind = 'subject' | 'preview_text' | 'heading' | 'text' | 'button' | 'image_alt' | 'product' | 'html'

export interface TranslatableString {
  id: string
  kind: StringKind
  source: string
}

export type Strings = Record<string, string>

export const stringId = (source: string) => 's' + createHash('sha1').update(source).digest('hex').slice(0, 11)

/** What the strings come from: a stored template (and the subject of the message it was opened from). */
export interface TemplateSource {
  editorType: string
  html: string
  definition: string | null
  subject?: string | null
  previewText?: string | null
}

type Field = { kind: StringKind; get: () => string | undefined; set: (v: string) => void }

function leafFields(b: LeafBlock): Field[] {
  switch (b.type) {
    case 'text':
      return [
        {
          kind: /^\s*<h[1-6][\s>]/i.test(b.html) ? 'heading' : 'text',
          get: () => b.html,
          set: (v) => (b.html = v),
        },
      ]
    case 'button':
      return [{ kind: 'button', get: () => b.text, set: (v) => (b.text = v) }]
    case 'image':
      return [{ kind: 'image_alt', get: () => b.alt, set: (v) => (b.alt = v) }]
    case 'product':
      return [
        { kind: 'product', get: () => b.title, set: (v) => (b.title = v) },
        { kind: 'button', get: () => b.buttonText, set: (v) => (b.buttonText = v) },
      ]
    case 'html':
      return htmlFields(b)
    default:
      return []
  }
}

function htmlFields(b: { html: string }): Field[] {
  const runs = htmlTextRuns(b.html)
  // one field per run; replacing them all at once keeps the offsets valid
  const pending = new Map<string, string>()
  const source = b.html
  return runs.map((r) => ({
    kind: 'html' as const,
    get: () => r.text,
    set: (v: string) => {
      pending.set(r.text, v)
      b.html = replaceTextRuns(source, runs, (t) => pending.get(t))
    },
  }))
}

function definitionFields(def: BlockDefinition): Field[] {
  const fields: Field[] = []
  for (const block of def.body) {
    if (block.type === 'columns') for (const c of block.columns) for (const b of c.blocks) fields.push(...leafFields(b))
    else fields.push(...leafFields(block))
  }
  return fields
}

function parseDefinition(s: string | null): BlockDefinition | null {
  try {
    const d = s ? (JSON.parse(s) as BlockDefinition) : null
    return d && Array.isArray(d.body) ? d : null
  } catch {
    return null
  }
}

function collect(fields: Field[], out: TranslatableString[], seen: Set<string>) {
  for (const f of fields) {
    const source = f.get()?.trim()
    if (!source) continue
    const id = stringId(source)
    if (seen.has(id)) continue
    seen.add(id)
    out.push({ id, kind: f.kind, source })
  }
}

function head(src: TemplateSource, def: BlockDefinition | null): TranslatableString[] {
  const out: TranslatableString[] = []
  const subject = src.subject?.trim()
  if (subject) out.push({ id: SUBJECT_ID, kind: 'subject', source: subject })
  const preview = (src.previewText ?? def?.styles.previewText)?.trim()
  if (preview) out.push({ id: PREVIEW_ID, kind: 'preview_text', source: preview })
  return out
}

/** The template's strings, in reading order, each original once. */
export function templateStrings(src: TemplateSource): TranslatableString[] {
  const def = src.editorType === 'SYSTEM_DRAGGABLE' ? parseDefinition(src.definition) : null
  const out = head(src, def)
  const seen = new Set(out.map((s) => s.id))
  if (def) collect(definitionFields(def), out, seen)
  else collect(htmlFields({ html: src.html }), out, seen)
  return out
}

/** A saved content block's strings. */
export function blockStrings(block: LeafBlock): TranslatableString[] {
  const out: TranslatableString[] = []
  collect(leafFields(structuredClone(block)), out, new Set())
  return out
}

const pick = (strings: Strings, source: string | undefined) => {
  const t = source ? strings[stringId(source.trim())] : undefined
  return t && t.trim() ? t : undefined
}

function applyFields(fields: Field[], strings: Strings) {
  for (const f of fields) {
    const t = pick(strings, f.get())
    if (t !== undefined) f.set(t)
  }
}

export interface TranslatedSource {
  subject?: string
  previewText?: string
  /** SYSTEM_DRAGGABLE: the definition with its strings replaced; otherwise the HTML source. */
  definition?: BlockDefinition
  html?: string
}

/** The template with `strings` in place of its originals; a string without a translation stays as it was. */
export function applyTemplateStrings(src: TemplateSource, strings: Strings): TranslatedSource {
  const own = (id: string) => (strings[id]?.trim() ? strings[id] : undefined)
  const def = src.editorType === 'SYSTEM_DRAGGABLE' ? parseDefinition(src.definition) : null
  const out: TranslatedSource = { subject: own(SUBJECT_ID), previewText: own(PREVIEW_ID) }
  if (def) {
    if (out.previewText && def.styles) def.styles.previewText = out.previewText
    applyFields(definitionFields(def), strings)
    out.definition = def
  } else {
    const runs = htmlTextRuns(src.html)
    out.html = replaceTextRuns(src.html, runs, (t) => pick(strings, t))
  }
  return out
}

/** A saved content block with `strings` in place of its originals. */
export function applyBlockStrings(block: LeafBlock, strings: Strings): LeafBlock {
  const copy = structuredClone(block)
  applyFields(leafFields(copy), strings)
  return copy
}
