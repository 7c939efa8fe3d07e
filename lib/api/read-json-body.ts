// Reads a JSON:API request body: application/json or application/vnd.api+json only, refused
// past a byte limit before it is fully buffered (Content-Length first, then while streaming).
import { ApiError } from './api-error'
import { MAX_JSON_DEPTH, tooDeep } from '@/lib/http/json-depth'

export const FIVE_MB = 5 * 1024 * 1024

const tooLarge = (max: number) =>
  new ApiError(413, 'payload_too_large', `The request body is larger than the maximum allowed payload size (${max >= 1024 * 1024 ? `${max / 1024 / 1024} MB` : `${Math.round(max / 1024)} KB`}).`)

export function isJsonContentType(header: string | null): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || type === 'application/vnd.api+json'
}

export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  if (!isJsonContentType(req.headers.get('content-type'))) {
    throw new ApiError(415, 'unsupported_media_type', 'The request body must be sent as application/json or application/vnd.api+json.')
  }
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes)
  if (!req.body) throw new ApiError(400, 'parse_error', 'The request body is empty.')
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge(maxBytes)
    }
    chunks.push(value)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text.trim()) throw new ApiError(400, 'parse_error', 'The request body is empty.')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ApiError(400, 'parse_error', 'Malformed request body: it is not valid JSON.')
  }
  if (tooDeep(value)) throw new ApiError(400, 'invalid', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`, { pointer: '/data' })
  return value
}
