// A definition is parsed before anything is written; a bad one is a 400 keyed by JSON pointer.
import { AppError } from '@/lib/errors/app-error'
import { parseFormVersion } from '../definition/parse-form-version'
import type { FormVersionDefinition } from '../definition/version'

/** `base` prefixes the pointers with where the definition sits in the request body. */
export function checkDefinition(json: unknown, base = ''): FormVersionDefinition {
  const r = parseFormVersion(json)
  if (r.ok) return r.version
  const fieldErrors: Record<string, string[]> = {}
  for (const e of r.errors) (fieldErrors[base + e.pointer || '/'] ??= []).push(e.message)
  throw new AppError('invalid', 400, 'The form definition is not valid.', fieldErrors)
}
