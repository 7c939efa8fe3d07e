// Per-account rate limits by the vendor's tiers: a burst window (1 s) and a steady window
// (60 s), each a sliding-window counter (the previous fixed window weighted by how much of it
// still overlaps). The windows live in the database (ApiRateLimit, one row per key), so every
// web process of an install counts the same requests.
//
// Hot path (every /api and /client request): ONE statement per request, an
// INSERT … ON CONFLICT DO UPDATE … RETURNING that rolls both windows forward, decides and counts
// atomically (the row lock on PostgreSQL, the write lock on SQLite, where it runs on the
// synchronous better-sqlite3 connection). The SQL is compiled once per engine and only its
// values change. Rows whose steady window ended minutes ago are pruned by the job worker.
import { sql, type RawBuilder } from 'kysely'
import { databaseConfig, type DbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { pgPool } from '@/lib/db/pg-pool'
import { prep, sqlite, writeOne } from '@/lib/db/sqlite'

/** burst per second, steady per minute; daily (optional) per UTC day, as the reporting endpoints' 225/day. */
export interface RateLimit {
  burst: number
  steady: number
  daily?: number
}

// The figures each endpoint's description in the OpenAPI reference gives ("Burst: 75/s,
// Steady: 750/m"); the L tier's steady figure is 750/m there.
export const TIERS = {
  XS: { burst: 1, steady: 15 },
  S: { burst: 3, steady: 60 },
  M: { burst: 10, steady: 150 },
  L: { burst: 75, steady: 750 },
  XL: { burst: 350, steady: 3500 },
} as const satisfies Record<string, RateLimit>

export type Tier = keyof typeof TIERS

const BURST_MS = 1000
const STEADY_MS = 60_000

/** One fixed window: its start (epoch ms), its count, and the count of the window before it. */
export interface Window {
  start: number
  count: number
  prev: number
}

function estimate(w: Window, now: number, size: number): number {
  const overlap = 1 - (now - w.start) / size
  return w.count + w.prev * overlap
}

export interface RateDecision {
  allowed: boolean
  limit: RateLimit
  remaining: number
  /** Seconds until the tighter window frees a request (whole seconds, ≥ 0). */
  reset: number
  retryAfter: number
}

function secondsUntilFree(w: Window, now: number, size: number, limit: number): number {
  // The estimate falls as the previous window slides out and at the next window boundary.
  const untilBoundary = w.start + size - now
  if (w.prev > 0 && w.count < limit) {
    const needed = (estimate(w, now, size) - (limit - 1)) / w.prev
    return Math.min(untilBoundary, Math.max(0, needed * size))
  }
  return untilBoundary
}

/**
 * The answer (and its headers' figures) from the windows as they are after this request was
 * counted (or, when refused, not counted).
 */
export function decisionFrom(
  burst: Window,
  steady: Window,
  allowed: boolean,
  limit: RateLimit,
  now: number,
): RateDecision {
  const burstLeft = Math.max(0, Math.floor(limit.burst - estimate(burst, now, BURST_MS)))
  const steadyLeft = Math.max(0, Math.floor(limit.steady - estimate(steady, now, STEADY_MS)))
  const steadyBound = steadyLeft <= burstLeft
  const waitMs = allowed
    ? 0
    : Math.max(
        estimate(burst, now, BURST_MS) >= limit.burst ? secondsUntilFree(burst, now, BURST_MS, limit.burst) : 0,
        estimate(steady, now, STEADY_MS) >= limit.steady ? secondsUntilFree(steady, now, STEADY_MS, limit.steady) : 0,
      )
  const resetMs = steadyBound ? steady.start + STEADY_MS - now : burst.start + BURST_MS - now
  return {
    allowed,
    limit,
    remaining: Math.min(burstLeft, steadyLeft),
    reset: Math.max(0, Math.ceil(resetMs / 1000)),
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
  }
}

// ---- The one statement --------------------------------------------------------------------

/** The statement's values, in the order of SLOTS (bound, never spliced into the SQL). */
interface Values {
  key: string
  bStart: number
  bPrevStart: number
  /** Milliseconds left in the current burst window (how much of the previous one overlaps). */
  bRemain: number
  /** The burst limit × the window size: est < limit ⇔ count·size + prev·remain < limit·size. */
  bLimitMs: number
  sStart: number
  sPrevStart: number
  sRemain: number
  sLimitMs: number
  /** The counts of a brand-new row (1, or 0 for a limit of 0). */
  first: number
}

const SLOT_NAMES: (keyof Values)[] = [
  'key',
  'bStart',
  'bPrevStart',
  'bRemain',
  'bLimitMs',
  'sStart',
  'sPrevStart',
  'sRemain',
  'sLimitMs',
  'first',
]
const marker = (name: keyof Values) => `\u0000rate-limit:${name}`

function buildStatement() {
  const v = (name: keyof Values) => sql`${marker(name)}`
  const n = (name: keyof Values) => sql`CAST(${marker(name)} AS BIGINT)`
  const col = (c: string) => sql.ref(`ApiRateLimit.${c}`)
  // A window rolled forward to now: same window → as is; the window right before → its count
  // becomes the previous one; older → empty.
  const rolled = (start: string, count: string, prev: string, cur: keyof Values, before: keyof Values) => ({
    count: sql<number>`(CASE WHEN ${col(start)} = ${n(cur)} THEN ${col(count)} ELSE 0 END)`,
    prev: sql<number>`(CASE WHEN ${col(start)} = ${n(cur)} THEN ${col(prev)} WHEN ${col(start)} = ${n(before)} THEN ${col(count)} ELSE 0 END)`,
  })
  const b = rolled('burstStart', 'burstCount', 'burstPrev', 'bStart', 'bPrevStart')
  const s = rolled('steadyStart', 'steadyCount', 'steadyPrev', 'sStart', 'sPrevStart')
  const ok = sql`(${b.count} * ${sql.lit(BURST_MS)} + ${b.prev} * ${n('bRemain')} < ${n('bLimitMs')}
    AND ${s.count} * ${sql.lit(STEADY_MS)} + ${s.prev} * ${n('sRemain')} < ${n('sLimitMs')})`
  const plus = (count: RawBuilder<number>) => sql<number>`${count} + (CASE WHEN ${ok} THEN 1 ELSE 0 END)`
  return kysely()
    .insertInto('ApiRateLimit')
    .values({
      key: v('key') as never,
      burstStart: n('bStart') as never,
      burstCount: n('first') as never,
      burstPrev: sql.lit(0) as never,
      steadyStart: n('sStart') as never,
      steadyCount: n('first') as never,
      steadyPrev: sql.lit(0) as never,
      allowed: n('first') as never,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        burstStart: n('bStart') as never,
        burstCount: plus(b.count),
        burstPrev: b.prev,
        steadyStart: n('sStart') as never,
        steadyCount: plus(s.count),
        steadyPrev: s.prev,
        allowed: sql<number>`(CASE WHEN ${ok} THEN 1 ELSE 0 END)`,
      }),
    )
    .returning(['burstStart', 'burstCount', 'burstPrev', 'steadyStart', 'steadyCount', 'steadyPrev', 'allowed'])
    .compile()
}

type Row = {
  burstStart: number | string
  burstCount: number
  burstPrev: number
  steadyStart: number | string
  steadyCount: number
  steadyPrev: number
  allowed: number | boolean
}

const compiled = new Map<DbEngine, { sql: string; slots: number[] }>()

/** The statement for the current engine, compiled once; slots say which value each parameter takes. */
function statement(engine: DbEngine) {
  let c = compiled.get(engine)
  if (!c) {
    const q = buildStatement()
    const slots = q.parameters.map((p) => {
      const i = SLOT_NAMES.findIndex((name) => p === marker(name))
      if (i < 0) throw new Error(`rate-limit: unexpected parameter ${String(p)}`)
      return i
    })
    c = { sql: q.sql, slots }
    compiled.set(engine, c)
  }
  return c
}

function valuesFor(key: string, limit: RateLimit, now: number): unknown[] {
  const bStart = Math.floor(now / BURST_MS) * BURST_MS
  const sStart = Math.floor(now / STEADY_MS) * STEADY_MS
  const v: Values = {
    key,
    bStart,
    bPrevStart: bStart - BURST_MS,
    bRemain: bStart + BURST_MS - now,
    bLimitMs: limit.burst * BURST_MS,
    sStart,
    sPrevStart: sStart - STEADY_MS,
    sRemain: sStart + STEADY_MS - now,
    sLimitMs: limit.steady * STEADY_MS,
    first: limit.burst > 0 && limit.steady > 0 ? 1 : 0,
  }
  return SLOT_NAMES.map((name) => v[name])
}

/** A row is kept while its steady window can still weigh in as the previous one. */
const KEEP_MS = 2 * STEADY_MS

/**
 * Counts one request against (key, limit) and says whether it may go ahead. `now` must be an
 * integer number of milliseconds (Date.now()).
 */
export async function takeToken(key: string, limit: RateLimit, now = Date.now()): Promise<RateDecision> {
  now = Math.floor(now)
  const cfg = databaseConfig()
  const { sql: text, slots } = statement(cfg.provider)
  const all = valuesFor(key, limit, now)
  const params = slots.map((i) => all[i])
  const row: Row =
    cfg.provider === 'sqlite'
      ? await writeOne((conn) => prep(text, conn).get(...params) as Row)
      : (await pgPool(cfg.url).query<Row>(text, params)).rows[0]!
  const burst = { start: Number(row.burstStart), count: row.burstCount, prev: row.burstPrev }
  const steady = { start: Number(row.steadyStart), count: row.steadyCount, prev: row.steadyPrev }
  return decisionFrom(burst, steady, row.allowed === true || Number(row.allowed) === 1, limit, now)
}

/**
 * Deletes the rows of keys not seen for a while (they would start from empty anyway); the job
 * worker calls it with its own periodic pruning (lib/jobs/worker.ts).
 */
const DAY_MS = 86_400_000

/**
 * The daily allowance (RateLimit.daily): one ApiRateLimit row per key and UTC day counting the
 * requests let through; its steadyStart is the day's last minute, so pruning keeps it until the
 * day is over. Only requests the burst and steady windows allowed reach it.
 */
export async function takeDaily(
  key: string,
  limit: number,
  now = Date.now(),
): Promise<{ allowed: boolean; used: number; retryAfter: number }> {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS
  const rowKey = `${key}:day:${new Date(dayStart).toISOString().slice(0, 10)}`
  const under = sql<boolean>`${sql.ref('ApiRateLimit.burstCount')} < ${limit}`
  const q = kysely()
    .insertInto('ApiRateLimit')
    .values({
      key: rowKey,
      burstStart: dayStart,
      burstCount: 1,
      burstPrev: 0,
      steadyStart: dayStart + DAY_MS - STEADY_MS,
      steadyCount: 0,
      steadyPrev: 0,
      allowed: limit >= 1 ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        burstCount: sql<number>`${sql.ref('ApiRateLimit.burstCount')} + (CASE WHEN ${under} THEN 1 ELSE 0 END)`,
        allowed: sql<number>`(CASE WHEN ${under} THEN 1 ELSE 0 END)`,
      }),
    )
    .returning(['burstCount', 'allowed'])
    .compile()
  const cfg = databaseConfig()
  const row =
    cfg.provider === 'sqlite'
      ? await writeOne(
          (conn) => prep(q.sql, conn).get(...(q.parameters as unknown[])) as { burstCount: number; allowed: number },
        )
      : ((await pgPool(cfg.url).query(q.sql, q.parameters as unknown[])).rows[0] as {
          burstCount: number
          allowed: number
        })
  const allowed = Number(row.allowed) === 1
  return {
    allowed,
    used: Number(row.burstCount),
    retryAfter: allowed ? 0 : Math.ceil((dayStart + DAY_MS - now) / 1000),
  }
}

export async function pruneRateLimits(now = Date.now()): Promise<number> {
  const q = kysely()
    .deleteFrom('ApiRateLimit')
    .where('steadyStart', '<', now - KEEP_MS)
    .compile()
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite')
    return writeOne((conn) => prep(q.sql, conn).run(...(q.parameters as unknown[])).changes)
  return (await pgPool(cfg.url).query(q.sql, q.parameters as unknown[])).rowCount ?? 0
}

/** The IETF draft headers the vendor sends: the burst limit and both windows' policies. */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': `${d.limit.burst}, ${d.limit.burst};w=1, ${d.limit.steady};w=60`,
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.reset),
  }
}

/**
 * Tests only: forget every window. On SQLite the rows are gone when this returns (callers may
 * skip the await); on PostgreSQL await it.
 */
export function resetRateLimits(): Promise<void> {
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite') {
    sqlite().prepare('DELETE FROM "ApiRateLimit"').run()
    return Promise.resolve()
  }
  return pgPool(cfg.url)
    .query('DELETE FROM "ApiRateLimit"')
    .then(() => undefined)
}
