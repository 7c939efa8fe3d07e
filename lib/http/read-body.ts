// The one size-limited request-body reader (issue 30, code health): bytes under a limit, refused
// before they are all buffered (Content-Length first, then while streaming), then text, JSON or a
// multipart form. It throws one error type, BodyError, and each wrapper maps it to its own
// answer (JSON:API errors on /api, the ajax error shape on /ajax), so the limits and the parsing
// are written once while the wire formats stay as they were.
import { MAX_JSON_DEPTH, tooDeep } from './json-depth'

export type BodyErrorKind = 'too_large' | 'empty' | 'bad_json' | 'too_deep' | 'wrong_type' | 'bad_multipart'

export class BodyError extends Error {
  constructor(
    readonly kind: BodyErrorKind,
    message: string,
    readonly maxBytes?: number,
  ) {
    super(message)
    this.name = 'BodyError'
  }
}

/** The body's bytes, or BodyError('too_large') past maxBytes; null when the request has no body. */
export async function readBodyBytes(req: Request, maxBytes: number): Promise<Buffer<ArrayBuffer> | null> {
  const tooLarge = () => new BodyError('too_large', `The request body is larger than ${maxBytes} bytes.`, maxBytes)
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()
  if (!req.body) return null
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** The body as UTF-8 text ('' when there is none). */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(req, maxBytes))?.toString('utf8') ?? ''
}

/** Parses JSON text: BodyError('bad_json') when it is not JSON, 'too_deep' past MAX_JSON_DEPTH levels. */
export function parseJsonText(text: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new BodyError('bad_json', 'The request body is not valid JSON.')
  }
  if (tooDeep(value))
    throw new BodyError('too_deep', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`)
  return value
}

export function isJsonContentType(header: string | null): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || type === 'application/vnd.api+json'
}

/** A JSON body sent as application/json or application/vnd.api+json; an empty body is an error. */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  if (!isJsonContentType(req.headers.get('content-type'))) throw new BodyError('wrong_type', 'The body must be JSON.')
  const text = await readBodyText(req, maxBytes)
  if (!text.trim()) throw new BodyError('empty', 'The request body is empty.')
  return parseJsonText(text)
}

/** A multipart/form-data body, parsed by the platform's FormData once it is known to fit. */
export async function readMultipartForm(req: Request, maxBytes: number): Promise<FormData> {
  const type = req.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new BodyError('wrong_type', 'The body must be multipart/form-data.')
  const bytes = await readBodyBytes(req, maxBytes)
  if (!bytes) throw new BodyError('empty', 'The request body is empty.')
  try {
    return await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: bytes,
    }).formData()
  } catch {
    throw new BodyError('bad_multipart', 'The multipart body could not be read.')
  }
}
