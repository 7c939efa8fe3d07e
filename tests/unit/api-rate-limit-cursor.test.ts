/** @jest-environment node */
import { takeToken, resetRateLimits, rateLimitHeaders, TIERS } from '@/lib/api/rate-limit'
import { encodeCursor, decodeCursor, unwrapCursor, nextLink } from '@/lib/api/cursor'
import { ApiError } from '@/lib/api/api-error'

beforeEach(() => resetRateLimits())

describe('rate limit windows', () => {
  test('burst: the (n+1)th request within a second is refused with Retry-After 1', () => {
    const t0 = 1_000_000
    for (let i = 0; i < TIERS.S.burst; i++) expect(takeToken('c:S', TIERS.S, t0 + i).allowed).toBe(true)
    const d = takeToken('c:S', TIERS.S, t0 + 10)
    expect(d.allowed).toBe(false)
    expect(d.retryAfter).toBe(1)
    expect(d.remaining).toBe(0)
  })

  test('the sliding window frees requests gradually, not all at the boundary', () => {
    const t0 = 2_000_000
    for (let i = 0; i < 3; i++) takeToken('k', TIERS.S, t0)
    // At the boundary the previous second still weighs fully; a moment later one request fits.
    expect(takeToken('k', TIERS.S, t0 + 1000).allowed).toBe(false)
    expect(takeToken('k', TIERS.S, t0 + 1001).allowed).toBe(true)
    expect(takeToken('k', TIERS.S, t0 + 1002).allowed).toBe(false)
    // Later in the second more of the previous one has slid out: 1 + 3 × 0.4 < 3.
    expect(takeToken('k', TIERS.S, t0 + 1600).allowed).toBe(true)
  })

  test('steady: 60 a minute on S even when each second is under the burst', () => {
    let t = 3_000_000 - (3_000_000 % 60_000)
    let allowed = 0
    for (let i = 0; i < 100; i++) {
      if (takeToken('steady', TIERS.S, t).allowed) allowed++
      t += 400 // 2.5 per second, under the burst of 3
    }
    expect(allowed).toBe(60)
    const d = takeToken('steady', TIERS.S, t)
    expect(d.allowed).toBe(false)
    expect(d.retryAfter).toBeGreaterThanOrEqual(1)
    expect(Number.isInteger(d.retryAfter)).toBe(true)
  })

  test('keys are separate (per company and tier)', () => {
    takeToken('a', TIERS.XS, 5_000_000)
    expect(takeToken('a', TIERS.XS, 5_000_000).allowed).toBe(false)
    expect(takeToken('b', TIERS.XS, 5_000_000).allowed).toBe(true)
  })

  test('headers', () => {
    const h = rateLimitHeaders(takeToken('h', TIERS.M, 7_000_000))
    expect(h['RateLimit-Limit']).toBe('10, 10;w=1, 150;w=60')
    expect(h['RateLimit-Remaining']).toBe('9')
    expect(Number(h['RateLimit-Reset'])).toBeGreaterThanOrEqual(0)
  })
})

describe('cursors', () => {
  test('round trip', () => {
    const c = encodeCursor(['2026-01-01T00:00:00.000Z', '01ABC'])
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(c)).toEqual(['2026-01-01T00:00:00.000Z', '01ABC'])
    expect(decodeCursor(null)).toBeNull()
  })

  test('a whole next URL as the cursor (what the SDK sends over http)', () => {
    const c = encodeCursor([null, 42])
    const link = nextLink(new URL('http://127.0.0.1:4000/api/profiles?page%5Bsize%5D=2&filter=equals(email,%22a%22)'), c)
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
