// CSV import of reviews (/reviews/import: upload, map columns, preview, import). Each row is
// checked on its own and refused with its line and field errors; the good rows are written.
// Idempotent by the file's source id column: a row whose source id the company already has (a
// re-import of the same file) is left alone, so importing twice changes nothing.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { parseCsv } from '@/lib/imports/parse-csv'
import { AUTHOR_MAX, CONTENT_MAX, TITLE_MAX } from './review-body'
import { IMPORT_FIELDS, REQUIRED_FIELDS, type ImportField } from './import-fields'

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024
export const MAX_IMPORT_ROWS = 5000
const PREVIEW_ROWS = 20
const CHUNK = 400

export const importReviewsInput = z.object({
  csv: z.string().min(1, 'Choose a CSV file.').max(MAX_IMPORT_BYTES, 'The file is larger than 2 MB.'),
  /** Our field → the file's column name. */
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200)),
})
export type ImportReviewsInput = z.infer<typeof importReviewsInput>

/** The /ajax body: the mapping as pairs, since the /ajax wrapper camelizes object keys (source_id). */
export const importReviewsBody = z
  .object({
    csv: importReviewsInput.shape.csv,
    mapping: z.array(z.object({ field: z.enum(IMPORT_FIELDS), column: z.string().max(200) })).max(IMPORT_FIELDS.length),
  })
  .transform((b) => ({ csv: b.csv, mapping: Object.fromEntries(b.mapping.map((m) => [m.field, m.column])) }))

export interface ImportRow {
  line: number
  sourceId: string
  productExternalId: string
  rating: number
  title: string | null
  body: string
  author: string
  email: string
  created: Date | null
}

export interface RowResult {
  line: number
  values: Partial<Record<ImportField, string>>
  errors: Partial<Record<ImportField | 'row', string>>
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function checkRow(
  line: number,
  v: Partial<Record<ImportField, string>>,
): { row: ImportRow | null; errors: RowResult['errors'] } {
  const errors: RowResult['errors'] = {}
  const sourceId = (v.source_id ?? '').trim()
  if (!sourceId) errors.source_id = 'A source id is required.'
  else if (sourceId.length > 200) errors.source_id = 'At most 200 characters.'
  const productExternalId = (v.product_id ?? '').trim()
  if (!productExternalId) errors.product_id = 'A product id is required.'
  const r = (v.rating ?? '').trim()
  const rating = /^[1-5]$/.test(r) ? Number(r) : null
  if (rating == null) errors.rating = 'The rating must be a whole number from 1 to 5.'
  const title = (v.title ?? '').trim()
  if (title.length > TITLE_MAX) errors.title = `At most ${TITLE_MAX} characters.`
  const body = (v.body ?? '').trim()
  if (!body) errors.body = 'The review text is required.'
  else if (body.length > CONTENT_MAX) errors.body = `At most ${CONTENT_MAX} characters.`
  const author = (v.author ?? '').trim()
  if (!author) errors.author = 'The author is required.'
  else if (author.length > AUTHOR_MAX) errors.author = `At most ${AUTHOR_MAX} characters.`
  const email = (v.email ?? '').trim().toLowerCase()
  if (email && (email.length > 254 || !EMAIL.test(email))) errors.email = 'Not an email address.'
  const c = (v.created ?? '').trim()
  const created = c ? new Date(c) : null
  if (created && (Number.isNaN(created.getTime()) || created.getUTCFullYear() < 1990))
    errors.created = 'Not a date (use 2026-05-01 or 2026-05-01T10:00:00Z).'
  if (Object.keys(errors).length) return { row: null, errors }
  return {
    row: { line, sourceId, productExternalId, rating: rating!, title: title || null, body, author, email, created },
    errors,
  }
}

async function readRows(companyId: number, input: ImportReviewsInput) {
  for (const f of REQUIRED_FIELDS)
    if (!input.mapping[f]) throw badRequest('Map every required field.', { [`mapping.${f}`]: ['Choose a column.'] })
  const csv = await parseCsv(input.csv)
  const index = new Map(csv.header.map((h, i) => [h.trim(), i]))
  for (const f of IMPORT_FIELDS) {
    const col = input.mapping[f]
    if (col && !index.has(col.trim()))
      throw badRequest('A mapped column is not in the file.', { [`mapping.${f}`]: [`No column "${col}".`] })
  }
  if (csv.rows.length > MAX_IMPORT_ROWS)
    throw badRequest(`At most ${MAX_IMPORT_ROWS} rows can be imported at once.`, { csv: ['Too many rows.'] })
  const items = await db.catalogItem.findMany({
    where: { companyId, deleted: false },
    select: { id: true, externalId: true },
  })
  const byExternal = new Map(items.map((i) => [i.externalId, i.id]))
  const seen = new Set<string>()
  const results: Array<RowResult & { row: ImportRow | null }> = csv.rows.map((raw) => {
    const values: RowResult['values'] = {}
    for (const f of IMPORT_FIELDS) {
      const col = input.mapping[f]
      if (col) values[f] = raw.cells[index.get(col.trim())!] ?? ''
    }
    if (raw.error) return { line: raw.line, values, errors: { row: raw.error }, row: null }
    const { row, errors } = checkRow(raw.line, values)
    if (row && !byExternal.has(row.productExternalId)) errors.product_id = 'This product is not in your catalog.'
    if (row && seen.has(row.sourceId)) errors.source_id = 'This source id is on an earlier row of the file.'
    if (row) seen.add(row.sourceId)
    return { line: raw.line, values, errors, row: Object.keys(errors).length ? null : row }
  })
  return { header: csv.header, results, byExternal }
}

async function existingSourceIds(companyId: number, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.review.findMany({
      where: { companyId, importSourceId: { in: ids.slice(i, i + CHUNK) } },
      select: { importSourceId: true },
    })
    for (const r of rows) out.add(r.importSourceId!)
  }
  return out
}

export async function previewImport(companyId: number, input: ImportReviewsInput) {
  const { header, results } = await readRows(companyId, input)
  const good = results.filter((r) => r.row)
  const existing = await existingSourceIds(
    companyId,
    good.map((r) => r.row!.sourceId),
  )
  return {
    header,
    total: results.length,
    valid: good.length,
    invalid: results.length - good.length,
    alreadyImported: existing.size,
    rows: results.slice(0, PREVIEW_ROWS).map(({ line, values, errors }) => ({ line, values, errors })),
    errors: results
      .filter((r) => !r.row)
      .slice(0, 200)
      .map(({ line, errors }) => ({ line, errors })),
  }
}

export async function runImport(companyId: number, input: ImportReviewsInput, now = new Date()) {
  const { results, byExternal } = await readRows(companyId, input)
  const good = results.filter((r) => r.row).map((r) => r.row!)
  const existing = await existingSourceIds(
    companyId,
    good.map((r) => r.sourceId),
  )
  const fresh = good.filter((r) => !existing.has(r.sourceId))
  let created = 0
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const res = await db.review.createMany({
      data: fresh.slice(i, i + CHUNK).map((r) => {
        const at = r.created ?? now
        const itemId = byExternal.get(r.productExternalId)!
        return {
          id: ulid(at.getTime()),
          companyId,
          catalogItemId: itemId,
          productKey: itemId,
          productExternalId: r.productExternalId,
          reviewType: 'review',
          rating: r.rating,
          title: r.title,
          body: r.body,
          authorName: r.author,
          authorEmail: r.email,
          status: 'published',
          importSourceId: r.sourceId,
          createdAt: at,
          updatedAt: now,
        }
      }),
    })
    created += res.count
  }
  return {
    created,
    unchanged: good.length - fresh.length,
    failed: results.filter((r) => !r.row).map(({ line, errors }) => ({ line, errors })),
  }
}
