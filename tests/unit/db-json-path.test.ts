/** @jest-environment node */
// lib/db/json-path.ts: which property names are refused, and the form of the others' paths.
// That every accepted name reaches exactly its own key is checked against the database of the
// pass (SQLite and PostgreSQL) in tests/integration/db-json-path.test.ts.
import { AppError } from '@/lib/errors/app-error'
import {
  jsonPropertyParam,
  propertyNameProblem,
  propertyNameSchema,
  MAX_PROPERTY_NAME_LENGTH,
} from '@/lib/db/json-path'

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

test.each([['x"y'], ['a\\'], ['a.b'], ['$'], ['a[0]'], ['*']])('the SQLite form of %j is a quoted key path', (name) => {
  const path = jsonPropertyParam(name)
  expect(path.startsWith('$."') && path.endsWith('"')).toBe(true)
})

test('the PostgreSQL form is the checked name itself, bound for col -> $n', () => {
  expect(jsonPropertyParam('a.b"c\\', { dialect: 'postgres' })).toBe('a.b"c\\')
  expect(() => jsonPropertyParam('a\u0000', { dialect: 'postgres' })).toThrow(AppError)
})
