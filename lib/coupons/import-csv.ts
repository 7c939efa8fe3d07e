// The CSV upload of /uploaded-coupon/{couponId}/import/file: one code per line (first column;
// a header line "code"/"coupon_code"/"unique_code" is skipped; an optional second column is
// the expiry as an ISO date). All or nothing: every problem is reported with its line number
// (empty code, spaces, too long, repeated in the file, already in the coupon, bad date) and
// nothing is written unless every line is good.
import { addCodesAllOrNothing, findCouponById, CouponError } from './store'

export const MAX_CSV_CODES = 100_000

export interface CsvLineError {
  line: number
  message: string
}
export type CsvImportResult = { ok: true; created: number } | { ok: false; errors: CsvLineError[] }

function cells(line: string): string[] {
  const out: string[] = []
  let cur = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"'
        i++
      } else if (ch === '"') quoted = false
      else cur += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      out.push(cur)
      cur = ''
    } else cur += ch
  }
  out.push(cur)
  return out.map((c) => c.trim())
}

export async function importCouponCsv(
  companyId: number,
  couponId: string,
  csv: string,
  now = new Date(),
): Promise<CsvImportResult> {
  const coupon = await findCouponById(companyId, couponId)
  if (!coupon) throw new CouponError(404, 'not_found', 'This coupon was not found.')
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/)
  const rows: Array<{ line: number; code: string; expiresAt: Date | null }> = []
  const errors: CsvLineError[] = []
  lines.forEach((raw, i) => {
    if (!raw.trim()) return
    const [code = '', expiry = ''] = cells(raw)
    if (i === 0 && /^(code|coupon_code|unique_code|codes)$/i.test(code)) return
    let expiresAt: Date | null = null
    if (expiry) {
      expiresAt = new Date(expiry)
      if (!/^\d{4}-\d{2}-\d{2}/.test(expiry) || Number.isNaN(expiresAt.getTime())) {
        errors.push({ line: i + 1, message: `"${expiry}" is not a date (use YYYY-MM-DD).` })
        return
      }
    }
    rows.push({ line: i + 1, code, expiresAt })
  })
  if (!rows.length && !errors.length) return { ok: false, errors: [{ line: 0, message: 'The file has no codes.' }] }
  if (rows.length > MAX_CSV_CODES)
    return {
      ok: false,
      errors: [{ line: 0, message: `At most ${MAX_CSV_CODES.toLocaleString('en-US')} codes per file.` }],
    }
  const result = errors.length
    ? await dryRun(companyId, coupon, rows, now)
    : await addCodesAllOrNothing(
        companyId,
        coupon,
        rows.map((r) => ({ code: r.code, expiresAt: r.expiresAt })),
        now,
      )
  if (result.ok && !errors.length) return { ok: true, created: result.created }
  const all = [
    ...errors,
    ...(!result.ok
      ? result.errors.map((e) => ({ line: e.index >= 0 ? rows[e.index]!.line : 0, message: e.message }))
      : []),
  ]
  return { ok: false, errors: all.sort((a, b) => a.line - b.line) }
}

/** The code checks without writing (a file with other bad lines must not be half imported). */
async function dryRun(
  companyId: number,
  coupon: Parameters<typeof addCodesAllOrNothing>[1],
  rows: Array<{ code: string }>,
  now: Date,
) {
  // an invalid sentinel entry guarantees addCodesAllOrNothing writes nothing
  const r = await addCodesAllOrNothing(companyId, coupon, [...rows.map((x) => ({ code: x.code })), { code: '' }], now)
  if (r.ok) throw new Error('unreachable: the sentinel entry is invalid')
  return { ok: false as const, errors: r.errors.filter((e) => e.index < rows.length) }
}
