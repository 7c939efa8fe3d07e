/** @jest-environment node */
// Property names as JSON keys on the engine of this pass (SQLite, then PostgreSQL in the
// second pass): every name lib/db/json-path.ts accepts (every ASCII character but NUL, quotes,
// backslashes, path syntax, unicode) reaches exactly its own key through the dialect readers the
// segment and metric compilers use, whatever other keys the document holds.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { jsonNumber, jsonText } from '@/lib/db/dialect'
import { propertyNameProblem } from '@/lib/db/json-path'

jest.setTimeout(60_000)

/** The text and number read at `name` in each document, in one query. */
async function read(name: string, docs: unknown[]): Promise<Array<{ t: string | null; n: number | null }>> {
  const cols = docs.map((d, i) => {
    const doc = sql`${JSON.stringify(d)}`
    return sql`${jsonText(doc, name)} AS ${sql.ref(`t${i}`)}, ${jsonNumber(doc, name)} AS ${sql.ref(`n${i}`)}`
  })
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(cols)}`.execute(kysely())
  const row = rows[0]!
  return docs.map((_, i) => ({
    t: row[`t${i}`] as string | null,
    n: row[`n${i}`] === null ? null : Number(row[`n${i}`]),
  }))
}

test('every ASCII character but NUL, in any position, addresses exactly its own key', async () => {
  for (let c = 1; c < 128; c++) {
    const ch = String.fromCharCode(c)
    for (const name of [ch, `a${ch}`, `${ch}b`, `a${ch}b`, ch + ch]) {
      expect(propertyNameProblem(name)).toBeNull()
      // Neighbours a broken path could fall through to: the name without the character, nested keys.
      const doc = { a: { b: 'nested' }, ab: 'neighbour', '': 'empty', [`${name}x`]: 'longer', [name]: 'hit' }
      const [hit, miss] = await read(name, [doc, { a: { b: 'nested' } }])
      expect({ name, v: hit!.t }).toEqual({ name, v: 'hit' })
      if (name !== 'a') expect({ name, v: miss!.t }).toEqual({ name, v: null })
    }
  }
})

test.each([
  ['x"y'],
  ['a\\'],
  ['a\\b'],
  ['\\u0041'],
  ['a.b'],
  ['$'],
  ['$.a'],
  ['a[0]'],
  ['[0]'],
  ['*'],
  ['#'],
  ['{a}'],
  ['a,b'],
  ['Größe'],
  ['😀'],
  ['\u2028'],
  ['ü\u0301'],
])('the name %j is a key, not path syntax', async (name) => {
  const doc = { a: { b: 1, 0: 2 }, A: 3, '\\u0041': name === '\\u0041' ? 7 : 4, [name]: 7 }
  expect(await read(name, [doc])).toEqual([{ t: '7', n: 7 }])
  expect(await read(name, [{ a: { b: 1, 0: 2 }, A: 3 }])).toEqual([{ t: null, n: null }])
})
