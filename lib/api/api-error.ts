// JSON:API errors in the vendor's shape: {"errors":[{id, status, code, title, detail, source, meta}]}.
// The /api and /client wrappers turn every thrown error into this body.
import { randomUUID } from 'node:crypto'
import { ZodError } from 'zod'
import { AppError } from '@/lib/errors/app-error'

export interface ErrorSource {
  pointer?: string
  parameter?: string
}

export interface JsonApiErrorItem {
  id: string
  status: number
  code: string
  title: string
  detail: string
  source?: ErrorSource
  meta?: Record<string, unknown>
}

/** The vendor's titles for each status; the detail says what exactly went wrong. */
export const TITLES: Record<number, string> = {
  400: 'Invalid input.',
  401: 'Authentication credentials were not provided.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'Conflict.',
  413: 'Request entity too large.',
  415: 'Unsupported media type.',
  429: 'Request was throttled.',
  500: 'A server error occurred.',
}

export class ApiError extends Error {
  readonly items: Array<Omit<JsonApiErrorItem, 'id'>>
  constructor(
    readonly status: number,
    code: string,
    detail: string,
    source?: ErrorSource,
    meta?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail)
    this.name = 'ApiError'
    this.items = [
      {
        status,
        code,
        title: TITLES[status] ?? 'Error.',
        detail,
        ...(source ? { source } : {}),
        ...(meta ? { meta } : {}),
      },
    ]
  }

  static many(status: number, items: Array<{ code?: string; detail: string; source?: ErrorSource }>): ApiError {
    const e = new ApiError(status, items[0]?.code ?? 'invalid', items[0]?.detail ?? 'Invalid input.')
    e.items.length = 0
    for (const it of items)
      e.items.push({
        status,
        code: it.code ?? 'invalid',
        title: TITLES[status] ?? 'Error.',
        detail: it.detail,
        ...(it.source ? { source: it.source } : {}),
      })
    return e
  }
}

export const invalidParam = (parameter: string, detail: string) => new ApiError(400, 'invalid', detail, { parameter })
export const invalidPointer = (pointer: string, detail: string) => new ApiError(400, 'invalid', detail, { pointer })
export const apiNotFound = (detail = 'The requested resource was not found.') => new ApiError(404, 'not_found', detail)

const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1')

/**
 * Maps a domain field path to a JSON pointer below `base`. Domain validation keys its
 * errors by the vendor's attribute path already ("phone_number", "location.zip",
 * "properties.color"), so the path is only re-joined (RFC 6901 escaping).
 */
export type PointerFor = (fieldPath: string) => string
export const pointerBelow =
  (base: string): PointerFor =>
  (field) =>
    field === '_' || field === '' ? base : `${base}/${field.split('.').map(escapeToken).join('/')}`

export interface ErrorBody {
  errors: JsonApiErrorItem[]
}

/** Turns anything thrown by a handler into a status, headers and JSON:API body. */
export function toJsonApiError(
  e: unknown,
  opts: { pointerFor?: PointerFor; onUnexpected?: (e: unknown, id: string) => void } = {},
): {
  status: number
  headers?: Record<string, string>
  body: ErrorBody
} {
  const withIds = (items: Array<Omit<JsonApiErrorItem, 'id'>>) => items.map((it) => ({ id: randomUUID(), ...it }))
  if (e instanceof ApiError) return { status: e.status, headers: e.headers, body: { errors: withIds(e.items) } }
  if (e instanceof ZodError) {
    return {
      status: 400,
      body: {
        errors: withIds(
          e.issues.map((issue) => ({
            status: 400,
            code: 'invalid',
            title: TITLES[400]!,
            detail: issue.message,
            source: { pointer: '/' + issue.path.map((p) => escapeToken(String(p))).join('/') },
          })),
        ),
      },
    }
  }
  if (e instanceof AppError) {
    const pointerFor = opts.pointerFor ?? pointerBelow('/data/attributes')
    const dup = (e as AppError & { duplicateProfileId?: string }).duplicateProfileId
    const code = e.status === 404 ? 'not_found' : e.status === 400 ? 'invalid' : e.code
    const title = TITLES[e.status] ?? 'Error.'
    if (e.fieldErrors && Object.keys(e.fieldErrors).length) {
      const items = Object.entries(e.fieldErrors).flatMap(([field, messages]) =>
        messages.map((m) => ({ status: e.status, code, title, detail: m, source: { pointer: pointerFor(field) } })),
      )
      return { status: e.status, headers: e.headers, body: { errors: withIds(items) } }
    }
    return {
      status: e.status,
      headers: e.headers,
      body: {
        errors: withIds([
          { status: e.status, code, title, detail: e.message, ...(dup ? { meta: { duplicate_profile_id: dup } } : {}) },
        ]),
      },
    }
  }
  const id = randomUUID()
  opts.onUnexpected?.(e, id)
  return {
    status: 500,
    body: { errors: [{ id, status: 500, code: 'error', title: TITLES[500]!, detail: 'A server error occurred.' }] },
  }
}
