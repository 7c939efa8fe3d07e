// Reads a multipart/form-data body with a byte limit, for image uploads and template imports.
// The reading is read-body's; this maps its errors to AppError, which both the /ajax and the /api
// wrappers answer in their own shape.
import { AppError, badRequest } from '@/lib/errors/app-error'
import { BodyError, readMultipartForm } from './read-body'

export async function readMultipart(req: Request, maxBytes: number): Promise<FormData> {
  try {
    return await readMultipartForm(req, maxBytes)
  } catch (e) {
    if (!(e instanceof BodyError)) throw e
    if (e.kind === 'wrong_type')
      throw new AppError('unsupported_media_type', 415, 'Send the file as multipart/form-data.')
    if (e.kind === 'too_large')
      throw new AppError(
        'payload_too_large',
        413,
        `The upload is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      )
    throw badRequest(e.message)
  }
}

/** The uploaded file of a form field, or null. */
export async function fileField(form: FormData, name: string): Promise<{ bytes: Buffer; name: string } | null> {
  const v = form.get(name)
  if (!v || typeof v === 'string') return null
  return { bytes: Buffer.from(await v.arrayBuffer()), name: v.name }
}
