/** @jest-environment node */
// lib/db/json-path.ts: which property names are refused, and that every other name's path
// reaches exactly its own key in SQLite (every ASCII character, quotes, backslashes, path syntax,
// unicode), whatever other keys the document holds.
import Database from 'better-sqlite3'
import { AppError } from '@/lib/http/app-error'
import { jsonPropertyParam, propertyNameProblem, propertyNameSchema, MAX_PROPERTY_NAME_LENGTH } from '@/lib/db/json-path'

const conn = new Database(':memory:')
afterAll(() => conn.close())
const extract = (doc: unknown, path: string) =>
  conn.prepare('SELECT json_extract(?, ?) AS v, json_type(?, ?) AS t').get(JSON.stringify(doc), path, JSON.stringify(doc), path) as { v: unknown; t: string | null }

test.each([
  ['empty', ''],
  ['too long', 'x'.repeat(MAX_PROPERTY_NAME_LENGTH + 1)],
  ['NUL', 'a\u0000b'],
  ['a lone high surrogate', 'a\ud800'],
  ['a lone low surrogate', '\udc00b'],
])('refuses %s, as a 400 keyed by the field', (_, name) => {
  expect(propertyNameProblem(name)).toEqual(expect.any(String))
  expect(propertyNameSchema.safeParse(name).success).toBe(false)
  try {
    jsonPropertyParam(name, { field: 'by' })
    throw new Error('expected a refusal')
  } catch (e) {
    expect(e).toBeInstanceOf(AppError)
    expect((e as AppError).status).toBe(400)
    expect(Object.keys((e as AppError).fieldErrors!)).toEqual(['by'])
  }
})

test('every ASCII character but NUL, in any position, addresses exactly its own key', () => {
  for (let c = 1; c < 128; c++) {
    const ch = String.fromCharCode(c)
    for (const name of [ch, `a${ch}`, `${ch}b`, `a${ch}b`, ch + ch]) {
      expect(propertyNameProblem(name)).toBeNull()
      // Neighbours a broken path could fall through to: the name without the character, nested keys.
      const doc = { a: { b: 'nested' }, ab: 'neighbour', '': 'empty', [`${name}x`]: 'longer', [name]: 'hit' }
      expect({ name, v: extract(doc, jsonPropertyParam(name)) }).toEqual({ name, v: { v: 'hit', t: 'text' } })
      if (name !== 'a') expect({ name, v: extract({ a: { b: 'nested' } }, jsonPropertyParam(name)).v }).toEqual({ name, v: null })
    }
  }
})

test.each([['x"y'], ['a\\'], ['a\\b'], ['\\u0041'], ['a.b'], ['$'], ['$.a'], ['a[0]'], ['[0]'], ['*'], ['#'], ['Größe'], ['😀'], ['\u2028'], ['ü\u0301']])(
  'the name %j is a key, not path syntax', (name) => {
    const doc = { a: { b: 1, 0: 2 }, A: 3, '\\u0041': 4, [name]: 7 }
    const path = jsonPropertyParam(name)
    expect(path.startsWith('$."') && path.endsWith('"')).toBe(true)
    expect(extract(doc, path)).toEqual({ v: 7, t: 'integer' })
  })

test('the PostgreSQL form is the checked name itself, bound for col -> $n', () => {
  expect(jsonPropertyParam('a.b"c\\', { dialect: 'postgres' })).toBe('a.b"c\\')
  expect(() => jsonPropertyParam('a\u0000', { dialect: 'postgres' })).toThrow(AppError)
})
