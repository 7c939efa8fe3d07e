// The one CSV writer of the product: every file we hand out (metric event exports, list member
// exports) is written through it, so quoting and formula escaping cannot differ between them.
//
// RFC 4180: cells with a comma, a double quote, CR or LF (or leading/trailing whitespace, which
// spreadsheets would trim) are quoted with inner quotes doubled; lines end with CRLF.
//
// Formula escaping (CSV injection): a TEXT cell whose first character, or first character after
// leading whitespace, is = + - @ tab or CR (or their full-width forms ＝ ＋ － ＠, which some
// spreadsheets read as the ASCII ones) is written with a leading apostrophe, so Excel, LibreOffice
// and Google Sheets show it as text and never run it. Whitespace counts because some importers
// trim cells before deciding whether a cell is a formula.
// Not escaped, by decision:
//  - numbers, booleans and bigints (a value of -5 is written -5);
//  - text that is exactly a plain decimal number ("-5", "+49301234567", "-1.5e3"): a spreadsheet
//    reads it as that number and nothing runs, and an apostrophe would corrupt phone numbers and
//    signed values in every export. Anything more ("-5+A1", "+1 555 0100") is escaped.
// Objects are written as JSON text and escaped like any other text; dates as ISO 8601.
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

function text(value: unknown): { s: string; isText: boolean } {
  if (value instanceof Date) return { s: Number.isNaN(value.getTime()) ? '' : value.toISOString(), isText: false }
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return { s: String(value), isText: false }
  if (typeof value === 'object') return { s: JSON.stringify(value) ?? '', isText: true }
  return { s: String(value), isText: true }
}

/** Whether a text cell would be run as a formula by a spreadsheet (and so gets an apostrophe). */
export function isFormulaLike(s: string): boolean {
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)
}

/** One cell: escaped against formulas (text only), then quoted when needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const { s: raw, isText } = text(value)
  const s = isText && isFormulaLike(raw) ? "'" + raw : raw
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** One line, CRLF-terminated. */
export const csvLine = (cells: readonly unknown[]): string => cells.map(csvCell).join(',') + '\r\n'

/** A whole file: the header line, then one line per row. */
export function csvDocument(header: readonly unknown[], rows: Iterable<readonly unknown[]>): string {
  const parts = [csvLine(header)]
  for (const row of rows) parts.push(csvLine(row))
  return parts.join('')
}
