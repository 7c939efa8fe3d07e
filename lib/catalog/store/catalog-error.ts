// The error of the catalog store's single-entry helpers, with the status its field errors mean.
import type { CatalogFieldError, EntryResult } from './types'

/** Thrown by the single-entry helpers: status 400 (invalid), 404 (not_found) or 409 (conflict). */
export class CatalogError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly errors: CatalogFieldError[],
  ) {
    super(errors.map((e) => e.message).join(' ') || 'Invalid catalog input.')
    this.name = 'CatalogError'
  }
  static from(errors: CatalogFieldError[]): CatalogError {
    const status = errors.some((e) => e.code === 'not_found')
      ? 404
      : errors.some((e) => e.code === 'conflict')
        ? 409
        : 400
    return new CatalogError(status, errors)
  }
}

/** The one entry's id, or its errors thrown as a CatalogError. */
export const one = (r: EntryResult[]): string => {
  const x = r[0]!
  if (!x.ok) throw CatalogError.from(x.errors)
  return x.id
}
