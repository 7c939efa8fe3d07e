/** @jest-environment node */
// The public API's rate limiter (lib/api/rate-limit.ts) on the database of this pass: the
// vendor's burst and steady windows (sliding), exact under concurrency, shared by every process.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { kysely } from '@/lib/db/kysely'
import { pruneRateLimits, rateLimitHeaders, resetRateLimits, takeToken, TIERS } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'

beforeEach(() => resetRateLimits())

describe('windows', () => {
  test('burst: the (n+1)th request within a second is refused with Retry-After 1', async () => {
    const t0 = 1_000_000
    for (let i = 0; i < TIERS.S.burst; i++) expect((await takeToken('c:S', TIERS.S, t0 + i)).allowed).toBe(true)
    const d = await takeToken('c:S', TIERS.S, t0 + 10)
    expect(d.allowed).toBe(false)
    expect(d.retryAfter).toBe(1)
    expect(d.remaining).toBe(0)
  })

  test('the sliding window frees requests gradually, not all at the boundary', async () => {
    const t0 = 2_000_000
    for (let i = 0; i < 3; i++) await takeToken('k', TIERS.S, t0)
    // At the boundary the previous second still weighs fully; a moment later one request fits.
    expect((await takeToken('k', TIERS.S, t0 + 1000)).allowed).toBe(false)
    expect((await takeToken('k', TIERS.S, t0 + 1001)).allowed).toBe(true)
    expect((await takeToken('k', TIERS.S, t0 + 1002)).allowed).toBe(false)
    // Later in the second more of the previous one has slid out: 1 + 3 × 0.4 < 3.
    expect((await takeToken('k', TIERS.S, t0 + 1600)).allowed).toBe(true)
    // A window more than one size later starts from nothing.
    for (let i = 0; i < 3; i++) expect((await takeToken('k', TIERS.S, t0 + 5000)).allowed).toBe(true)
  })

  test('steady: 60 a minute on S even when each second is under the burst', async () => {
    let t = 3_000_000 - (3_000_000 % 60_000)
    let allowed = 0
    for (let i = 0; i < 100; i++) {
      if ((await takeToken('steady', TIERS.S, t)).allowed) allowed++
      t += 400 // 2.5 per second, under the burst of 3
    }
    expect(allowed).toBe(60)
    const d = await takeToken('steady', TIERS.S, t)
    expect(d.allowed).toBe(false)
    expect(d.retryAfter).toBeGreaterThanOrEqual(1)
    expect(Number.isInteger(d.retryAfter)).toBe(true)
  })

  test('keys are separate (per company and tier)', async () => {
    await takeToken('a', TIERS.XS, 5_000_000)
    expect((await takeToken('a', TIERS.XS, 5_000_000)).allowed).toBe(false)
    expect((await takeToken('b', TIERS.XS, 5_000_000)).allowed).toBe(true)
  })

  test('headers', async () => {
    const h = rateLimitHeaders(await takeToken('h', TIERS.M, 7_000_000))
    expect(h['RateLimit-Limit']).toBe('10, 10;w=1, 150;w=60')
    expect(h['RateLimit-Remaining']).toBe('9')
    expect(Number(h['RateLimit-Reset'])).toBeGreaterThanOrEqual(0)
  })

  test('keys are bound values: quotes and SQL in a key are just a key', async () => {
    const odd = `x'); DELETE FROM "ApiRateLimit"; --"\u00e9`
    expect((await takeToken(odd, TIERS.XS, 8_000_000)).allowed).toBe(true)
    expect((await takeToken(odd, TIERS.XS, 8_000_000)).allowed).toBe(false)
  })
})

test('concurrent requests: exactly the burst goes through', async () => {
  const t = 9_000_000
  const all = await Promise.all(Array.from({ length: 40 }, () => takeToken('conc', TIERS.M, t)))
  expect(all.filter((d) => d.allowed)).toHaveLength(TIERS.M.burst)
})

test('another process counts against the same windows', () => {
  // Before: every process kept its own windows in memory, so a second web process doubled an
  // account's limits.
  const now = Date.now()
  const child = (count: number) => {
    const r = spawnSync(path.resolve('node_modules/.bin/tsx'), ['tests/helpers/rate-limit-child.mts'], {
      env: { ...process.env, KEY: 'shared', LIMIT: '3/60', COUNT: String(count), NOW: String(now) },
      encoding: 'utf8',
      timeout: 60_000,
    })
    if (r.status !== 0) throw new Error(r.stderr)
    return JSON.parse(r.stdout.trim().split('\n').pop()!).allowed as number
  }
  expect(child(2)).toBe(2)
  expect(child(2)).toBe(1) // the first process's two count: one of the burst of 3 is left
  return takeToken('shared', TIERS.S, now).then((d) => expect(d.allowed).toBe(false))
}, 120_000)

test('rows of keys not seen for minutes are pruned', async () => {
  const now = 20_000_000
  await takeToken('old', TIERS.S, now - 10 * 60_000)
  await takeToken('recent', TIERS.S, now - 30_000)
  expect(await pruneRateLimits(now)).toBe(1)
  const keys = (await kysely().selectFrom('ApiRateLimit').select('key').execute()).map((r) => r.key)
  expect(keys).toEqual(['recent'])
})

test('through the /api wrapper: 429 with Retry-After and the headers once the tier is used up', async () => {
  const companyId = (await makeCompany()).id
  const key = await makeApiKey(companyId)
  const body = {
    data: {
      type: 'metric-aggregate',
      attributes: {
        metric_id: 'none',
        measurements: ['count'],
        interval: 'day',
        filter: ['greater-or-equal(datetime,2026-01-01T00:00:00)', 'less-than(datetime,2026-01-02T00:00:00)'],
      },
    },
  }
  await api('POST', '/api/metric-aggregates', { key, body }) // compiles the route
  await resetRateLimits()
  // Sent at once: the S tier lets exactly 3 through, whatever order they reach the database in.
  // The clock is held still, so a loaded machine cannot spread them over two one-second windows.
  const still = jest.spyOn(Date, 'now').mockReturnValue(Math.floor(Date.now() / 1000) * 1000 + 100)
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => api('POST', '/api/metric-aggregates', { key, body })),
  ).finally(() => still.mockRestore())
  const refused = answers.filter((r) => r.status === 429)
  expect(refused).toHaveLength(2)
  const last = refused[0]!
  expect(last.json.errors[0]).toMatchObject({ status: 429, code: 'throttled' })
  expect(last.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/)
  expect(last.headers.get('RateLimit-Limit')).toBe('3, 3;w=1, 60;w=60')
  expect(last.headers.get('RateLimit-Remaining')).toBe('0')
})
