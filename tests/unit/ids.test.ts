import { ulid, shortId, isUlid } from '@/lib/ids/make-id'

test('ULIDs are 26 Crockford characters and increase within one millisecond', () => {
  const now = Date.UTC(2026, 10, 21, 12)
  const ids = Array.from({ length: 1000 }, () => ulid(now))
  expect(ids.every(isUlid)).toBe(true)
  expect([...ids].sort()).toEqual(ids)
  expect(new Set(ids).size).toBe(1000)
  expect(ulid(now + 1) > ids[ids.length - 1]!).toBe(true)
})

test('a clock that steps back still yields increasing ids', () => {
  const a = ulid(Date.UTC(2026, 10, 21, 12, 0, 1))
  const b = ulid(Date.UTC(2026, 10, 21, 12, 0, 0))
  expect(b > a).toBe(true)
})

test('short ids are 6 characters from an unambiguous alphabet', () => {
  const id = shortId()
  expect(id).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{6}$/)
})
