// Compiles a template once, when it is saved: CODE html is sanitized and its CSS inlined; MJML
// (USER_DRAGGABLE from the editor, or a CODE template written in MJML) and the SYSTEM_DRAGGABLE
// block definition go through MJML. A text part is generated unless the template has one.
// Errors stop a save (syntax errors with line and column, size); warnings do not.
import { blockDefinition, type BlockDefinition } from './block-definition'
import { compileMjml } from './compile-mjml'
import { definitionToMjml } from './definition-to-mjml'
import { htmlToPlainText } from './html-to-plain-text'
import { inlineCss } from './inline-css'
import { templateSizeError } from './parse-template'
import { sanitizeEmailHtml } from './sanitize-email-html'
import { sanitizeTextBlocks } from './sanitize-text-blocks'
import type { TemplateIssue } from './template-types'
import { validateTemplate } from './validate-template'

export type TemplateKind = 'CODE' | 'USER_DRAGGABLE' | 'SYSTEM_DRAGGABLE'

export interface CompileTemplateInput {
  kind: TemplateKind
  html?: string | null
  mjml?: string | null
  definition?: unknown
  /** The template's own text part; when empty one is generated from the HTML. */
  text?: string | null
}

export interface CompiledTemplate {
  html: string
  text: string
  errors: TemplateIssue[]
  warnings: TemplateIssue[]
  /** The parsed definition (defaults filled in) for SYSTEM_DRAGGABLE. */
  definition?: BlockDefinition
}

const isMjml = (source: string) => /^\s*(<\?xml[^>]*>\s*)?<mjml[\s>]/i.test(source)

function languageErrors(source: string, where?: string): TemplateIssue[] {
  return validateTemplate(source).errors.map((e) => (where ? { ...e, path: where } : e))
}

/** Template-language errors in every string of a definition, named by their path. */
function definitionLanguageErrors(value: unknown, path: string): TemplateIssue[] {
  if (typeof value === 'string') return /\{[{%#]/.test(value) ? languageErrors(value, path) : []
  if (Array.isArray(value)) return value.flatMap((v, i) => definitionLanguageErrors(v, `${path}.${i}`))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => definitionLanguageErrors(v, path ? `${path}.${k}` : k))
  return []
}

function failed(errors: TemplateIssue[], warnings: TemplateIssue[] = []): CompiledTemplate {
  return { html: '', text: '', errors, warnings }
}

export async function compileTemplate(input: CompileTemplateInput): Promise<CompiledTemplate> {
  const warnings: TemplateIssue[] = []
  let mjml: string | null = null
  let html: string | null = null
  let definition: BlockDefinition | undefined

  if (input.kind === 'SYSTEM_DRAGGABLE') {
    if (input.definition === undefined || input.definition === null)
      return failed([{ message: 'definition is required for SYSTEM_DRAGGABLE templates' }])
    const size = templateSizeError(JSON.stringify(input.definition) ?? '')
    if (size) return failed([{ message: size.message.replace(/ \(line.*$/, '') }])
    const parsed = blockDefinition.safeParse(input.definition)
    if (!parsed.success) {
      return failed(parsed.error.issues.map((i) => ({ message: i.message, path: ['definition', ...i.path].join('.') })))
    }
    const cleaned = sanitizeTextBlocks(parsed.data)
    definition = cleaned.definition
    warnings.push(...cleaned.warnings)
    const langErrors = definitionLanguageErrors(definition.body, 'definition.body')
    if (langErrors.length) return failed(langErrors)
    mjml = definitionToMjml(definition)
  } else {
    const source = input.kind === 'USER_DRAGGABLE' ? (input.mjml ?? input.html) : (input.html ?? input.mjml)
    if (typeof source !== 'string' || !source.trim())
      return failed([{ message: `html is required for ${input.kind} templates` }])
    const size = templateSizeError(source)
    if (size) return failed([{ message: size.message.replace(/ \(line.*$/, '') }])
    const langErrors = languageErrors(source)
    if (langErrors.length) return failed(langErrors)
    if (isMjml(source)) mjml = source
    else html = source
  }

  if (typeof input.text === 'string' && input.text.trim()) {
    const size = templateSizeError(input.text)
    if (size) return failed([{ message: size.message.replace(/ \(line.*$/, ''), path: 'text' }])
    const textErrors = languageErrors(input.text, 'text')
    if (textErrors.length) return failed(textErrors)
  }

  if (mjml !== null) {
    const compiled = await compileMjml(mjml)
    if (compiled.errors.length) return failed(compiled.errors, compiled.warnings)
    warnings.push(...compiled.warnings)
    // MJML inlines its own <mj-style inline> CSS; the sanitizer still runs over mj-raw content
    const clean = sanitizeEmailHtml(compiled.html)
    warnings.push(...clean.warnings.map(({ message }) => ({ message })))
    html = clean.html
  } else {
    const clean = sanitizeEmailHtml(html!)
    warnings.push(...clean.warnings)
    const inlined = inlineCss(clean.html)
    if (inlined.warning) warnings.push({ message: inlined.warning })
    html = inlined.html
  }

  const text = typeof input.text === 'string' && input.text.trim() ? input.text : htmlToPlainText(html)
  // the compiled parts must still parse (a compile step that broke a tag is our bug, not the merchant's)
  const after = [...languageErrors(html, 'html'), ...languageErrors(text, 'text')]
  if (after.length)
    return failed(
      after.map((e) => ({ ...e, message: `After compiling: ${e.message}` })),
      warnings,
    )
  return { html, text, errors: [], warnings, definition }
}
