// CSV parsing keeps the file's line numbers (header = 1), including quoted multi-line fields,
// CRLF files and blank lines, and flags unterminated quotes and wrong column counts.
import { parseCsv } from '@/lib/imports/parse-csv'

test('line numbers as in the file', async () => {
  const csv = 'email,name\na@x.com,A\n\nb@x.com,"two\nlines"\nc@x.com,C,extra\nd@x.com,D\n'
  const { header, rows } = await parseCsv(csv)
  expect(header).toEqual(['email', 'name'])
  expect(rows.map((r) => [r.line, r.cells[0], r.error ?? null])).toEqual([
    [2, 'a@x.com', null],
    [4, 'b@x.com', null],
    [6, 'c@x.com', 'Expected 2 columns, found 3.'],
    [7, 'd@x.com', null],
  ])
  expect(rows[1]!.cells[1]).toBe('two\nlines')
})

test('CRLF files, a BOM and no final newline', async () => {
  const { header, rows } = await parseCsv('\ufeffemail,name\r\na@x.com,A\r\n\r\nb@x.com,B')
  expect(header).toEqual(['email', 'name'])
  expect(rows.map((r) => r.line)).toEqual([2, 4])
})

test('an unterminated quote is reported at its line', async () => {
  const { rows } = await parseCsv('email,name\na@x.com,A\nb@x.com,"B\nc@x.com,C\n')
  expect(rows.map((r) => [r.line, r.error ?? null])).toEqual([
    [2, null],
    [3, 'Unterminated quoted field; the rest of the file could not be read.'],
  ])
})

test('reads what papaparse (the browser preview) reads: delimiters, quotes, line breaks', async () => {
  const Papa = (await import('papaparse')).default
  // A small deterministic generator (no Math.random): quoted fields with delimiters, doubled
  // quotes and line breaks, empty cells, spaces, for each delimiter and line break papaparse guesses.
  let seed = 42
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n
  const pieces = ['a', 'b c', '', ' x ', 'é', '1.5', '=x', 'q"q', 'l\nm', 'd,e', 'f;g', 'h\ti', 'j|k', '""']
  for (const delimiter of [',', ';', '\t', '|']) {
    for (const newline of ['\n', '\r\n', '\r']) {
      const cols = 2 + rnd(4)
      const cell = () => {
        const p = pieces[rnd(pieces.length)]!
        const mustQuote = p.includes('"') || p.includes(delimiter) || /[\r\n]/.test(p)
        return mustQuote || rnd(4) === 0 ? `"${p.replace(/"/g, '""')}"` : p
      }
      const head = Array.from({ length: cols }, (_, i) => `col${i}`).join(delimiter)
      const body = Array.from({ length: 30 }, () => Array.from({ length: cols }, cell).join(delimiter))
      const text = [head, ...body].join(newline) + (rnd(2) ? newline : '')
      const expected = Papa.parse<string[]>(text, { skipEmptyLines: true }).data
      const { header, rows } = await parseCsv(text)
      expect([header, ...rows.filter((r) => !r.error).map((r) => r.cells)]).toEqual(
        expected.filter((r) => !(r.length === 1 && r[0]!.trim() === '')),
      )
    }
  }
})

test('a row with far more cells than the header keeps only what the error needs', async () => {
  const { rows } = await parseCsv(`a,b\n${','.repeat(100_000)}\nc,d\n`)
  expect(rows.map((r) => [r.line, r.cells.length, r.error ?? null])).toEqual([
    [2, 3, 'Expected 2 columns, found 100001.'],
    [3, 2, null],
  ])
})
