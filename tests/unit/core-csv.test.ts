// CSV parsing keeps the file's line numbers (header = 1), including quoted multi-line fields,
// CRLF files and blank lines, and flags unterminated quotes and wrong column counts.
import { parseCsv } from '@/lib/imports/parse-csv'

test('line numbers as in the file', () => {
  const csv = 'email,name\na@x.com,A\n\nb@x.com,"two\nlines"\nc@x.com,C,extra\nd@x.com,D\n'
  const { header, rows } = parseCsv(csv)
  expect(header).toEqual(['email', 'name'])
  expect(rows.map((r) => [r.line, r.cells[0], r.error ?? null])).toEqual([
    [2, 'a@x.com', null],
    [4, 'b@x.com', null],
    [6, 'c@x.com', 'Expected 2 columns, found 3.'],
    [7, 'd@x.com', null],
  ])
  expect(rows[1]!.cells[1]).toBe('two\nlines')
})

test('CRLF files, a BOM and no final newline', () => {
  const { header, rows } = parseCsv('\ufeffemail,name\r\na@x.com,A\r\n\r\nb@x.com,B')
  expect(header).toEqual(['email', 'name'])
  expect(rows.map((r) => r.line)).toEqual([2, 4])
})

test('an unterminated quote is reported at its line', () => {
  const { rows } = parseCsv('email,name\na@x.com,A\nb@x.com,"B\nc@x.com,C\n')
  expect(rows.map((r) => [r.line, r.error ?? null])).toEqual([
    [2, null],
    [3, 'Unterminated quoted field; the rest of the file could not be read.'],
  ])
})
