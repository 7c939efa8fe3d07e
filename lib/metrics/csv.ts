// CSV writing (RFC 4180): quotes where needed, doubled quotes inside, CRLF line ends. A text cell
// that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe.
const FORMULA = /^[=+\-@\t\r]/
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let s = typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (typeof value === 'string' && FORMULA.test(s) && !NUMERIC.test(s)) s = "'" + s
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(',') + '\r\n'
