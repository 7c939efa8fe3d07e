// A zod failure as field errors ({"a.b": ["message"]}): what a 400 answer lists, by field path.
import type { ZodError } from 'zod'
import type { FieldErrors } from './app-error'

export function fieldErrorsFrom(e: ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of e.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    ;(out[key] ??= []).push(issue.message)
  }
  return out
}
