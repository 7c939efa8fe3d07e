// /ajax helpers of the catalog sources: the request body as JSON (keys camelized) or, for a CSV
// upload, multipart form data with `file` (and `name`).
import { badRequest } from '@/lib/errors/app-error'
import { camelizeKeys } from '@/lib/text/keys'
import { MAX_AJAX_BODY_BYTES } from '@/lib/http/ajax'

export async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text()
  if (text.length > MAX_AJAX_BODY_BYTES) throw badRequest('The request body is too large.')
  if (!text.trim()) return {}
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (camelizeKeys(v) as Record<string, unknown>) : {}
  } catch {
    throw badRequest('The request body is not valid JSON.')
  }
}

export const isMultipart = (req: Request) =>
  (req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')

export async function csvUpload(req: Request): Promise<{ name: string; csv: string }> {
  let form: FormData
  try {
    form = await req.formData()
  } catch {
    throw badRequest('The upload could not be read.', { file: ['The upload could not be read.'] })
  }
  const file = form.get('file')
  if (!file || typeof file === 'string') throw badRequest('Choose a CSV file.', { file: ['Choose a CSV file.'] })
  if (file.size > MAX_AJAX_BODY_BYTES)
    throw badRequest('The file is larger than 6 MB.', { file: ['The file is larger than 6 MB.'] })
  const name = String(form.get('name') ?? '') || file.name || 'CSV upload'
  return { name, csv: await file.text() }
}
