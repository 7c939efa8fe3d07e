// Reads a multipart/form-data body with a byte limit (refused before it is all buffered), for
// image uploads and template imports, then parses it with the platform's FormData.
import { AppError, badRequest } from '@/lib/errors/app-error'

export async function readMultipart(req: Request, maxBytes: number): Promise<FormData> {
  const type = req.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError('unsupported_media_type', 415, 'Send the file as multipart/form-data.')
  }
  const tooLarge = () => new AppError('payload_too_large', 413, `The upload is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`)
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()
  if (!req.body) throw badRequest('The request body is empty.')
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
  try {
    return await new Request('http://local/', { method: 'POST', headers: { 'content-type': type }, body: Buffer.concat(chunks) }).formData()
  } catch {
    throw badRequest('The multipart body could not be read.')
  }
}

/** The uploaded file of a form field, or null. */
export async function fileField(form: FormData, name: string): Promise<{ bytes: Buffer; name: string } | null> {
  const v = form.get(name)
  if (!v || typeof v === 'string') return null
  return { bytes: Buffer.from(await v.arrayBuffer()), name: v.name }
}
