import { ajax } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { importCouponCsv, MAX_CSV_CODES } from '@/lib/coupons/import-csv'

const MAX_BYTES = 8 * 1024 * 1024

// POST /ajax/coupons/{id}/codes – adds codes from a CSV file (multipart "file") or pasted text ("text"):
// all or nothing; 400 with fieldErrors.file (the summary) and fieldErrors.lines ("Line 3: …", one per bad line)
export const POST = ajax({
  resources: ['coupons_read', 'coupons_write'],
  handler: async ({ ctx, params }) => {
    const declared = Number(ctx.req.headers.get('content-length') ?? NaN)
    if (Number.isFinite(declared) && declared > MAX_BYTES)
      throw badRequest('The file is larger than 8 MB.', { file: ['The file is larger than 8 MB.'] })
    const type = ctx.req.headers.get('content-type') ?? ''
    let csv = ''
    if (type.includes('multipart/form-data')) {
      const form = await ctx.req.formData().catch(() => null)
      const file = form?.get('file')
      const text = form?.get('text')
      csv = file instanceof File ? await file.text() : typeof text === 'string' ? text : ''
    } else {
      const body = (await ctx.req.json().catch(() => null)) as { text?: unknown } | null
      csv = typeof body?.text === 'string' ? body.text : ''
    }
    if (!csv.trim())
      throw badRequest('Choose a CSV file or paste codes, one per line.', {
        file: ['Choose a CSV file or paste codes, one per line.'],
      })
    const r = await importCouponCsv(ctx.principal.companyId, params.id!, csv)
    if (!r.ok) {
      const message =
        r.errors.length === 1
          ? 'One line needs fixing; nothing was imported.'
          : `${r.errors.length} lines need fixing; nothing was imported.`
      throw badRequest(message, {
        file: [message],
        lines: r.errors.slice(0, 200).map((e) => `Line ${e.line}: ${e.message}`),
      })
    }
    return { created: r.created, max: MAX_CSV_CODES }
  },
})
