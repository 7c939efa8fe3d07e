// Reads a CSV in the browser (papaparse) for the mapping step: the header row, a few sample
// rows and the number of data rows. The server parses the file again on import; this is only
// what the user sees before choosing the mapping.
import Papa from 'papaparse'
import { MAX_CSV_COLUMNS } from '@/lib/imports/import-types'

export const MAX_CSV_BYTES = 5 * 1024 * 1024
export const PREVIEW_ROWS = 5

export interface ParsedCsv {
  headers: string[]
  sample: string[][]
  rowCount: number
  /** Every data row, to flag the rows that will not import whole before importing. */
  rows?: string[][]
}

export type ParseProblem =
  | { kind: 'empty' }
  | { kind: 'duplicate_header'; header: string }
  | { kind: 'too_many_columns'; max: number }
  | { kind: 'unreadable'; message: string }

export function byteLength(text: string): number {
  return new Blob([text]).size
}

export function parseCsv(text: string): { csv: ParsedCsv } | { problem: ParseProblem } {
  const body = text.replace(/^\ufeff/, '')
  const result = Papa.parse<string[]>(body, { skipEmptyLines: true })
  // Quote errors make the rest of the file unreliable; delimiter guessing on one column is not an error.
  const fatal = result.errors.find((e) => e.type === 'Quotes')
  if (fatal) return { problem: { kind: 'unreadable', message: `${fatal.message} (row ${(fatal.row ?? 0) + 1})` } }
  const rows = result.data
  if (rows.length === 0 || rows[0]!.every((h) => !h.trim())) return { problem: { kind: 'empty' } }
  // Kept exactly as written: the mapping is keyed by the header the server will read.
  const headers = rows[0]!
  // The server refuses these too; a mapping table of thousands of columns would only freeze the tab.
  if (headers.length > MAX_CSV_COLUMNS) return { problem: { kind: 'too_many_columns', max: MAX_CSV_COLUMNS } }
  const seen = new Set<string>()
  for (const h of headers) {
    if (seen.has(h)) return { problem: { kind: 'duplicate_header', header: h } }
    seen.add(h)
  }
  return { csv: { headers, sample: rows.slice(1, 1 + PREVIEW_ROWS), rowCount: rows.length - 1, rows: rows.slice(1) } }
}
