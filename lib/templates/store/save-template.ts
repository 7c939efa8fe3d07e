// Creating and changing templates, for /api, /ajax and (later) the editors, flows and campaigns.
// Every save validates and compiles once (lib/templates/compile-template.ts): a syntax error is
// refused with its line and column, a source over 1 MB is refused, MJML is compiled and CSS
// inlined here, so a send only runs the template language over `compiledHtml`.
import { db } from '@/lib/db/client'
import type { Template } from '@/generated/prisma/client'
import { shortId } from '@/lib/ids/make-id'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { compileTemplate } from '@/lib/templates/compile-template'
import { TemplateInvalidError } from './template-errors'
import type { EditorType } from './template-view'
import { validateAmp } from '@/lib/templates/amp/validate-amp'
import { recompileTemplateTranslations } from '@/lib/templates/translations/compile-translation'
import { deleteOwnerTranslations } from '@/lib/templates/translations/translation-store'

export interface TemplateContent {
  html?: string | null
  text?: string | null
  definition?: unknown
  /** The vendor's TemplateDefinition the definition was converted from (/api): stored beside it and answered back unchanged. */
  vendorDefinition?: unknown
  amp?: string | null
}

export interface CreateTemplateInput extends TemplateContent {
  name: string
  editorType: EditorType
  isTransactional?: boolean
}

export interface UpdateTemplateInput extends TemplateContent {
  name?: string
  isTransactional?: boolean
}

/** The vendor refuses API creation past this many templates. */
export const MAX_TEMPLATES_PER_COMPANY = 1000

const RESERVED_IDS = new Set(['layouts', 'images', 'branding'])

const EVENT_VARIABLE = /\{[{%][^}]*\bevent\b/

/** Whether any part refers to the triggering event ({{ event.… }}, {% for x in event.Items %}). */
export function usesEventVariables(...parts: Array<string | null | undefined>): boolean {
  return parts.some((p) => !!p && EVENT_VARIABLE.test(p))
}

export interface CompiledParts {
  html: string
  text: string | null
  definition: string | null
  compiledHtml: string
  compiledText: string
  amp: string | null
  usesEvent: boolean
  warnings: string | null
}

/** Validates and compiles; throws TemplateInvalidError (400 with line/column) when it cannot be saved. */
export async function compileParts(editorType: EditorType, c: TemplateContent): Promise<CompiledParts> {
  const text = typeof c.text === 'string' && c.text.trim() ? c.text : null
  const compiled = await compileTemplate({ kind: editorType, html: c.html ?? null, definition: c.definition, text })
  if (compiled.errors.length)
    throw new TemplateInvalidError(compiled.errors, editorType === 'SYSTEM_DRAGGABLE' ? 'definition' : 'html')
  if (c.amp != null && c.amp !== '' && editorType === 'SYSTEM_DRAGGABLE')
    throw badRequest('AMP is not available for SYSTEM_DRAGGABLE templates.', {
      amp: ['AMP is not available for SYSTEM_DRAGGABLE templates.'],
    })
  if (c.amp) {
    const problems = validateAmp(c.amp)
    if (problems.length) throw badRequest(problems[0]!, { amp: problems })
  }
  const ours = compiled.definition ?? c.definition
  const definition =
    editorType === 'SYSTEM_DRAGGABLE'
      ? JSON.stringify(
          c.vendorDefinition !== undefined && ours && typeof ours === 'object'
            ? { ...ours, vendorSource: c.vendorDefinition }
            : ours,
        )
      : null
  const source = editorType === 'SYSTEM_DRAGGABLE' ? compiled.html : (c.html as string)
  return {
    html: source,
    text,
    definition,
    compiledHtml: compiled.html,
    compiledText: compiled.text,
    amp: c.amp || null,
    usesEvent: usesEventVariables(source, compiled.html, text, definition),
    warnings: compiled.warnings.length ? JSON.stringify(compiled.warnings.slice(0, 50)) : null,
  }
}

function checkName(name: string): string {
  const n = name.trim()
  if (!n) throw badRequest('A template name is required.', { name: ['A template name is required.'] })
  if (n.length > 255)
    throw badRequest('The template name is longer than 255 characters.', {
      name: ['The template name is longer than 255 characters.'],
    })
  return n
}

async function insertWithFreshId(
  data: Omit<Template, 'id' | 'createdAt' | 'updatedAt' | 'archived'>,
): Promise<Template> {
  for (let attempt = 0; ; attempt++) {
    try {
      const id = shortId(6)
      // ids share the /ajax/email-templates/{id} namespace with its fixed paths
      if (RESERVED_IDS.has(id)) continue
      return await db.template.create({ data: { ...data, id } })
    } catch (e) {
      // a 6-character id can collide (1 in 30 billion): draw another one
      if (attempt < 3 && (e as { code?: string }).code === 'P2002') continue
      throw e
    }
  }
}

export async function createTemplate(
  companyId: number,
  input: CreateTemplateInput,
  opts: { enforceLimit?: boolean } = {},
): Promise<Template> {
  const name = checkName(input.name)
  if (opts.enforceLimit) {
    const count = await db.template.count({ where: { companyId } })
    if (count >= MAX_TEMPLATES_PER_COMPANY)
      throw badRequest(`An account can have at most ${MAX_TEMPLATES_PER_COMPANY} templates created through the API.`)
  }
  const parts = await compileParts(input.editorType, input)
  return insertWithFreshId({
    companyId,
    name,
    editorType: input.editorType,
    isTransactional: !!input.isTransactional,
    ...parts,
  })
}

export async function getTemplateOrThrow(companyId: number, id: string): Promise<Template> {
  const t = await db.template.findFirst({ where: { id, companyId } })
  if (!t) throw notFound(`A template with id ${id} was not found.`)
  return t
}

/** Changes what is given; content changes are compiled again (nothing is written when they fail). */
export async function updateTemplate(companyId: number, id: string, input: UpdateTemplateInput): Promise<Template> {
  const current = await getTemplateOrThrow(companyId, id)
  const editorType = current.editorType as EditorType
  const data: Partial<Template> = {}
  if (input.name !== undefined) data.name = checkName(input.name)
  if (input.isTransactional !== undefined) data.isTransactional = input.isTransactional
  const touchesContent =
    input.html !== undefined || input.text !== undefined || input.definition !== undefined || input.amp !== undefined
  if (touchesContent) {
    const isSystem = editorType === 'SYSTEM_DRAGGABLE'
    const stored =
      isSystem && current.definition ? (JSON.parse(current.definition) as Record<string, unknown> | null) : null
    const merged: TemplateContent = {
      html: isSystem ? null : (input.html ?? current.html),
      text: input.text !== undefined ? input.text : current.text,
      definition: isSystem ? (input.definition !== undefined ? input.definition : stored) : undefined,
      // A new definition brings its own vendor document (or none: made in our editor); otherwise keep the stored one.
      vendorDefinition: isSystem
        ? input.definition !== undefined
          ? input.vendorDefinition
          : stored?.vendorSource
        : undefined,
      amp: input.amp !== undefined ? input.amp : current.amp,
    }
    Object.assign(data, await compileParts(editorType, merged))
  }
  const { count } = await db.template.updateMany({ where: { id, companyId }, data })
  if (!count) throw notFound(`A template with id ${id} was not found.`)
  // ready translations are compiled against the content: compile them against the new one
  if (touchesContent) await recompileTemplateTranslations(companyId, id)
  return getTemplateOrThrow(companyId, id)
}

export async function renameTemplate(companyId: number, id: string, name: string): Promise<Template> {
  return updateTemplate(companyId, id, { name })
}

export async function cloneTemplate(companyId: number, id: string, name?: string | null): Promise<Template> {
  const t = await getTemplateOrThrow(companyId, id)
  const cloneName = checkName(name?.trim() ? name : `Copy of ${t.name}`.slice(0, 255))
  return insertWithFreshId({
    companyId,
    name: cloneName,
    editorType: t.editorType,
    html: t.html,
    text: t.text,
    definition: t.definition,
    compiledHtml: t.compiledHtml,
    compiledText: t.compiledText,
    amp: t.amp,
    isTransactional: t.isTransactional,
    usesEvent: t.usesEvent,
    warnings: t.warnings,
  })
}

export async function deleteTemplate(companyId: number, id: string): Promise<void> {
  const { count } = await db.template.deleteMany({ where: { id, companyId } })
  if (!count) throw notFound(`A template with id ${id} was not found.`)
  await deleteOwnerTranslations(companyId, { templateId: id })
}
