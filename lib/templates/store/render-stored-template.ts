// Renders a stored template (or unsaved content) with a context, as /api/template-render, the
// editor's preview and flows' previews do: the compiled HTML through the template language with
// the company's organization, time zone and currency. Links that need a real send (unsubscribe,
// manage preferences, web view) render as "#" here; the send pipeline signs real ones.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { prepareScope, renderTemplate } from '@/lib/templates/render-template'
import { htmlToPlainText } from '@/lib/templates/html-to-plain-text'
import { TemplateRenderError, TemplateSyntaxError, type RenderTemplateOptions } from '@/lib/templates/template-types'
import { compileParts, getTemplateOrThrow, type TemplateContent } from './save-template'
import { TemplateInvalidError, TemplateLimitError } from './template-errors'
import type { EditorType } from './template-view'

export interface RenderedTemplate {
  html: string
  text: string
  amp: string | null
  subject: string | null
}

export type RenderSource = { templateId: string } | { editorType: EditorType; content: TemplateContent }

export async function companyRenderOptions(companyId: number, now = new Date()): Promise<RenderTemplateOptions> {
  const co = await db.company.findUnique({ where: { id: companyId } })
  if (!co) throw notFound('The account was not found.')
  return {
    timeZone: co.timezone,
    currency: co.currency,
    now,
    organization: {
      name: co.name,
      url: co.websiteUrl,
      address1: co.addressLine1,
      address2: co.addressLine2,
      city: co.city,
      region: co.addressRegion,
      postalCode: co.postalCode,
      country: co.country,
    },
  }
}

async function compiledOf(
  companyId: number,
  source: RenderSource,
): Promise<{ html: string; text: string; amp: string | null }> {
  if ('templateId' in source) {
    const t = await getTemplateOrThrow(companyId, source.templateId)
    return { html: t.compiledHtml, text: t.compiledText, amp: t.amp }
  }
  const parts = await compileParts(source.editorType, source.content)
  return { html: parts.compiledHtml, text: parts.compiledText, amp: parts.amp }
}

/**
 * `context` is the template's variables as given (the vendor's render takes them as they are:
 * `{ first_name, person: {...}, event: {...} }`). A missing variable prints nothing.
 */
export async function renderStoredTemplate(
  companyId: number,
  source: RenderSource,
  context: Record<string, unknown>,
  opts: { subject?: string | null; overrides?: Partial<RenderTemplateOptions> } = {},
): Promise<RenderedTemplate> {
  const compiled = await compiledOf(companyId, source)
  const options = { ...(await companyRenderOptions(companyId)), ...opts.overrides }
  // one scope and one render budget for all parts, as a send has (render-email.ts)
  const scope = prepareScope(context, options)
  try {
    const html = renderTemplate(compiled.html, context, { ...options, mode: 'html' }, scope)
    const text = compiled.text
      ? renderTemplate(compiled.text, context, { ...options, mode: 'text' }, scope)
      : htmlToPlainText(html)
    const amp = compiled.amp ? renderTemplate(compiled.amp, context, { ...options, mode: 'html' }, scope) : null
    const subject = opts.subject
      ? renderTemplate(opts.subject, context, { ...options, mode: 'text' }, scope)
          .replace(/[\r\n]+/g, ' ')
          .trim()
      : null
    return { html, text, amp, subject }
  } catch (e) {
    if (e instanceof TemplateSyntaxError)
      throw new TemplateInvalidError([
        { message: e.message.replace(/ \(line \d+, column \d+\)$/, ''), line: e.line, column: e.column },
      ])
    if (e instanceof TemplateRenderError)
      throw e.limit ? new TemplateLimitError(e.message) : new TemplateInvalidError([{ message: e.message }])
    throw e
  }
}
