// CSV parsing for list imports with the LINE NUMBER of every row as it appears in the file
// (header = line 1; a quoted field spanning lines counts them all), so every problem can be
// reported where the merchant can find it. Blank lines are skipped; nothing else is.
import Papa from 'papaparse'

export interface CsvRow {
  line: number
  cells: string[]
  /** A parse problem of this row (unterminated quote, wrong column count). */
  error?: string
}

export interface ParsedCsv {
  header: string[]
  rows: CsvRow[]
}

function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1)
  return starts
}

function lineAt(starts: number[], offset: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

export function parseCsv(text: string): ParsedCsv {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const starts = lineStarts(src)
  const records: Array<{ start: number; cells: string[]; error?: string }> = []
  let prev = 0
  Papa.parse<string[]>(src, {
    header: false,
    skipEmptyLines: false,
    step: (r) => {
      const start = prev
      prev = r.meta.cursor
      const quoteError = r.errors.find((e) => e.type === 'Quotes')
      const other = r.errors.find((e) => e.type !== 'Quotes' && e.type !== 'Delimiter')
      records.push({
        start,
        cells: r.data,
        error: quoteError ? 'Unterminated quoted field; the rest of the file could not be read.' : other?.message,
      })
    },
  })
  // Leading whitespace before a row (e.g. the "\n" Papa leaves in a CRLF split) is not the row.
  const firstLine = (start: number) => {
    let s = start
    while (s < src.length && (src[s] === '\n' || src[s] === '\r')) s++
    return lineAt(starts, s)
  }
  const nonEmpty = records.filter((r) => r.error || !(r.cells.length === 1 && r.cells[0]!.trim() === ''))
  const [head, ...body] = nonEmpty
  const header = (head?.cells ?? []).map((h) => h.trim())
  const rows = body.map((r) => {
    const row: CsvRow = { line: firstLine(r.start), cells: r.cells }
    if (r.error) row.error = r.error
    else if (r.cells.length !== header.length) row.error = `Expected ${header.length} columns, found ${r.cells.length}.`
    return row
  })
  return { header, rows }
}
