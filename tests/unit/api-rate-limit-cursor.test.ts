/** @jest-environment node */
// The rate limiter's windows are tested against the database in tests/integration/api-rate-limit.test.ts.
import { encodeCursor, decodeCursor, unwrapCursor, nextLink } from '@/lib/api/cursor'
import { ApiError } from '@/lib/api/api-error'

describe('cursors', () => {
  test('round trip', () => {
    const c = encodeCursor(['2026-01-01T00:00:00.000Z', '01ABC'])
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(c)).toEqual(['2026-01-01T00:00:00.000Z', '01ABC'])
    expect(decodeCursor(null)).toBeNull()
  })

  test('a whole next URL as the cursor (what the SDK sends over http)', () => {
    const c = encodeCursor([null, 42])
    const link = nextLink(
      new URL('http://127.0.0.1:4000/api/profiles?page%5Bsize%5D=2&filter=equals(email,%22a%22)'),
      c,
    )
    expect(unwrapCursor(link)).toBe(c)
    expect(decodeCursor(link)).toEqual([null, 42])
    expect(decodeCursor(encodeURI(link))).toEqual([null, 42])
  })

  test('garbage is a 400 on page[cursor]', () => {
    for (const bad of ['!!!', 'e30', 'http://x/api/profiles?page[size]=1']) {
      try {
        decodeCursor(bad)
        throw new Error('no throw')
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError)
        expect((e as ApiError).items[0]!.source).toEqual({ parameter: 'page[cursor]' })
      }
    }
  })
})
