// CSV parsing for list imports with the LINE NUMBER of every row as it appears in the file
// (header = line 1; a quoted field spanning lines counts them all), so every problem can be
// reported where the merchant can find it. Blank lines are skipped; nothing else is.
//
// Files are up to 5 MB and are parsed on the web server (the upload check) and in the worker
// (which runs inside the server by default), so parsing must never hold the event loop for long:
//  - the header is read first and refused as soon as it passes MAX_CSV_COLUMNS (a 5 MB header
//    of empty columns is refused after reading ~1,000 of them);
//  - rows are read in slices of about SLICE_MS, yielding to the event loop between slices;
//  - every step is linear in the file size (no rescans, no repeated lookups).
// The delimiter and line break are guessed the way the browser's preview (papaparse) guesses
// them, so the column names the user mapped there are the ones read here. Quote handling follows
// RFC 4180 as papaparse reads it: a field is quoted only when it starts with a quote; `""` is a
// quote inside it; it closes at a quote followed (after optional blanks) by a delimiter, a line
// break or the end of the file.
import Papa from 'papaparse'
import { badRequest } from '@/lib/errors/app-error'
import { MAX_CSV_COLUMNS } from './import-types'

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

const GUESS_CHARS = 16 * 1024
/** Steps (cells or quotes) read before the parser checks the clock. */
const STEPS = 20_000
/** The longest the parser runs before it lets other requests and timers in. */
const SLICE_MS = 8
const QUOTE = 34
/** "Not found" for cached positions: a literal, not the global Infinity (a slow lookup under Jest's vm). */
const NONE = 2 ** 53
const UNTERMINATED = 'Unterminated quoted field; the rest of the file could not be read.'
const MALFORMED = 'A quoted field has text after its closing quote.'

export const tooManyColumnsMessage = `The header row has more than ${MAX_CSV_COLUMNS.toLocaleString('en-US')} columns; at most ${MAX_CSV_COLUMNS.toLocaleString('en-US')} can be imported.`

const yieldToLoop = () =>
  new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)))

interface RawRecord {
  start: number
  /** The first cells (at most `keep` of them). */
  cells: string[]
  /** How many cells the record has (or, when `tooWide`, at least). */
  count: number
  error?: string
  tooWide?: boolean
}

const isBlank = (c: number) => c === 32 || c === 9 || c === 13 || c === 10 || c === 0xa0 || c === 0xfeff

/**
 * Reads one record at a time; every character is looked at a bounded number of times. A record
 * can be read in several calls (a 5 MB row of empty cells, a field full of stray quotes): next()
 * answers null when its budget of steps is spent, and the following call goes on from there.
 */
class RecordReader {
  pos = 0
  private nextDelim = -2
  private nextNewline = -2
  // The record being read: its start, the current field's start, the last quote looked at
  // inside an open quoted field (-1: not in one).
  private rec: RawRecord | null = null
  private i = 0
  private q = -1

  constructor(
    private readonly src: string,
    private readonly delim: string,
    private readonly newline: string,
  ) {}

  done(): boolean {
    return this.rec === null && this.pos >= this.src.length
  }

  private delimFrom(i: number): number {
    if (this.nextDelim !== NONE && this.nextDelim < i) {
      const d = this.src.indexOf(this.delim, i)
      this.nextDelim = d === -1 ? NONE : d
    }
    return this.nextDelim
  }

  private newlineFrom(i: number): number {
    if (this.nextNewline !== NONE && this.nextNewline < i) {
      const n = this.src.indexOf(this.newline, i)
      this.nextNewline = n === -1 ? NONE : n
    }
    return this.nextNewline
  }

  /**
   * The record at `pos`, keeping its first `keep` cells and stopping early (tooWide) past
   * `abortAbove` cells; null when `budget` steps were taken and the record goes on.
   */
  next(keep: number, abortAbove: number, budget: number): RawRecord | null {
    const { src, delim, newline } = this
    const len = src.length
    if (!this.rec) {
      this.rec = { start: this.pos, cells: [], count: 0 }
      this.i = this.pos
      this.q = -1
    }
    const rec = this.rec
    const cells = rec.cells
    let i = this.i
    let q = this.q
    const finish = (at: number) => {
      this.pos = at
      this.rec = null
      return rec
    }
    for (let steps = 0; ; steps++) {
      if (steps >= budget) {
        this.i = i
        this.q = q
        return null
      }
      if (q === -1) {
        if (rec.count > abortAbove) {
          rec.tooWide = true
          return finish(len)
        }
        if (src.charCodeAt(i) === QUOTE) {
          q = i // a quoted field: look for its closing quote from here
          continue
        }
        const d = this.delimFrom(i)
        const n = this.newlineFrom(i)
        rec.count++
        if (d < n) {
          if (cells.length < keep) cells.push(src.slice(i, d))
          i = d + delim.length
          continue
        }
        if (cells.length < keep) cells.push(src.slice(i, n === NONE ? len : n))
        return finish(n === NONE ? len : n + newline.length)
      }
      q = src.indexOf('"', q + 1)
      if (q === -1) {
        rec.count++
        if (cells.length < keep) cells.push(src.slice(i + 1).replace(/""/g, '"'))
        rec.error = UNTERMINATED
        return finish(len)
      }
      if (src.charCodeAt(q + 1) === QUOTE) {
        q++ // a doubled quote is a quote in the text
        continue
      }
      let k = q + 1
      while (k < len && isBlank(src.charCodeAt(k)) && !src.startsWith(delim, k) && !src.startsWith(newline, k)) k++
      if (k < len && !src.startsWith(delim, k) && !src.startsWith(newline, k)) {
        rec.error ??= MALFORMED // a quote inside the field that neither closes it nor is doubled
        continue
      }
      rec.count++
      if (cells.length < keep) cells.push(src.slice(i + 1, q).replace(/""/g, '"'))
      if (k >= len) return finish(len)
      if (src.startsWith(newline, k)) return finish(k + newline.length)
      i = k + delim.length
      q = -1
    }
  }
}

/** The delimiter and line break, guessed as the browser's preview guesses them (papaparse). */
function dialect(src: string): { delimiter: string; newline: string } {
  const { meta } = Papa.parse<string[]>(src.slice(0, GUESS_CHARS), { preview: 1, skipEmptyLines: true })
  return { delimiter: meta.delimiter || ',', newline: meta.linebreak || '\n' }
}

/** Line numbers of record starts, counted forward only (records come in order). */
function lineCounter(src: string) {
  let line = 1
  let counted = 0
  return (start: number): number => {
    // Line breaks left before a record (e.g. a lone "\n" in a "\r" file) are not the record.
    let s = start
    while (s < src.length && (src.charCodeAt(s) === 10 || src.charCodeAt(s) === 13)) s++
    for (let nl = src.indexOf('\n', counted); nl !== -1 && nl < s; nl = src.indexOf('\n', nl + 1)) {
      line++
      counted = nl + 1
    }
    if (counted < s) counted = s
    return line
  }
}

const isBlankRecord = (r: RawRecord) => !r.error && r.count === 1 && r.cells[0]!.trim() === ''

/**
 * Parses a list import file. A header with more than MAX_CSV_COLUMNS columns is a 400 on the
 * `csv` field; rows with the wrong number of cells come back with an error (and at most one
 * cell more than the header, which is all that is needed to say so).
 */
export async function parseCsv(text: string): Promise<ParsedCsv> {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const { delimiter, newline } = dialect(src)
  const reader = new RecordReader(src, delimiter, newline)
  const lineOf = lineCounter(src)

  let sliceStart = performance.now()
  const pause = async () => {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop()
      sliceStart = performance.now()
    }
  }

  let head: RawRecord | null = null
  while (!reader.done() && !head) {
    const r = reader.next(MAX_CSV_COLUMNS, MAX_CSV_COLUMNS, STEPS)
    if (!r) {
      await pause()
      continue
    }
    if (r.tooWide || r.count > MAX_CSV_COLUMNS)
      throw badRequest(tooManyColumnsMessage, { csv: [tooManyColumnsMessage] })
    if (!isBlankRecord(r)) head = r
  }
  const header = (head?.cells ?? []).map((h) => h.trim())
  const rows: CsvRow[] = []
  let n = 0
  while (!reader.done()) {
    const r = reader.next(header.length + 1, NONE, STEPS)
    if (!r || (++n & 63) === 0) await pause()
    if (!r || isBlankRecord(r)) continue
    const row: CsvRow = { line: lineOf(r.start), cells: r.cells }
    if (r.error) row.error = r.error
    else if (r.count !== header.length) row.error = `Expected ${header.length} columns, found ${r.count}.`
    rows.push(row)
  }
  return { header, rows }
}
