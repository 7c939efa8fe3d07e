// Reads a JSON:API request body: application/json or application/vnd.api+json only, refused
// past a byte limit before it is fully buffered. The reading is lib/http/read-body's; this file
// maps its errors to JSON:API ones.
import { ApiError } from './api-error'
import { BodyError, readJson } from '@/lib/http/read-body'

export const FIVE_MB = 5 * 1024 * 1024

const tooLarge = (max: number) =>
  new ApiError(
    413,
    'payload_too_large',
    `The request body is larger than the maximum allowed payload size (${max >= 1024 * 1024 ? `${max / 1024 / 1024} MB` : `${Math.round(max / 1024)} KB`}).`,
  )

function apiBodyError(e: BodyError, maxBytes: number): ApiError {
  switch (e.kind) {
    case 'wrong_type':
      return new ApiError(
        415,
        'unsupported_media_type',
        'The request body must be sent as application/json or application/vnd.api+json.',
      )
    case 'too_large':
      return tooLarge(maxBytes)
    case 'bad_json':
      return new ApiError(400, 'parse_error', 'Malformed request body: it is not valid JSON.')
    case 'too_deep':
      return new ApiError(400, 'invalid', e.message, { pointer: '/data' })
    default:
      return new ApiError(400, 'parse_error', 'The request body is empty.')
  }
}

export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  try {
    return await readJson(req, maxBytes)
  } catch (e) {
    throw e instanceof BodyError ? apiBodyError(e, maxBytes) : e
  }
}
