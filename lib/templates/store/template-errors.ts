// The errors of the template store. A template that does not compile is refused with each
// problem and where it is (line and column of the merchant's source, or the definition path),
// as field errors that /ajax answers as 400 `template_invalid` and /api as JSON:API errors
// pointing at /data/attributes/<field>.
import { AppError, type FieldErrors } from '@/lib/errors/app-error'
import type { TemplateIssue } from '@/lib/templates/template-types'

export class TemplateInvalidError extends AppError {
  constructor(
    readonly issues: TemplateIssue[],
    defaultField = 'html',
    code = 'template_invalid',
    status = 400,
  ) {
    super(
      code,
      status,
      issues[0] ? describeIssue(issues[0]) : 'The template is not valid.',
      fieldErrorsOf(issues, defaultField),
    )
    this.name = 'TemplateInvalidError'
  }
}

/**
 * A template that parses but whose render was stopped by a limit (time, output, memory; see
 * lib/templates/render-limits.ts): 422, the same shape as a refused template.
 */
export class TemplateLimitError extends TemplateInvalidError {
  constructor(message: string) {
    super([{ message }], 'html', 'template_limit', 422)
    this.name = 'TemplateLimitError'
  }
}

export function describeIssue(i: TemplateIssue): string {
  return i.line != null && i.column != null ? `${i.message} (line ${i.line}, column ${i.column})` : i.message
}

function fieldErrorsOf(issues: TemplateIssue[], defaultField: string): FieldErrors {
  const out: FieldErrors = {}
  for (const i of issues) {
    const field = i.path ?? (/^definition is required/.test(i.message) ? 'definition' : defaultField)
    ;(out[field] ??= []).push(describeIssue(i))
  }
  return out
}

/** The JSON body /ajax answers for a refused template (the wrapper's shape plus `issues`). */
export function templateInvalidResponse(e: TemplateInvalidError): Response {
  return Response.json(
    { error: e.code, message: e.message, fieldErrors: e.fieldErrors, issues: e.issues },
    { status: e.status },
  )
}
