// The demo audience of one store: customers with consent, months of store events, lists and
// segments. Deterministic for a given seed and `now` (a seeded PRNG drives everything), and
// fast: rows are generated in JS and written in one transaction (prepared statements on
// SQLite, multi-row INSERTs on PostgreSQL: lib/seed/write-audience.ts).
import { dbEngine } from '@/lib/db/client'
import { inWriteTx, runOpsSync } from '@/lib/db/ops'
import { sqlite, writeTx } from '@/lib/db/sqlite'
import { seedDays, DAY_MS } from './calendar'
import { makeCustomers } from './make-customers'
import { createRng } from './prng'
import { seedGroups } from './seed-groups'
import { finishOrderEvents, METRICS, simulateActivity } from './simulate-activity'
import { writeAudienceOps } from './write-audience'

export interface SeedAudienceOptions {
  /** Number of profiles (store customers and imported leads). Default 5,000. */
  customers?: number
  /** Months of history: sign-ups spread over it and events follow. Default 12. */
  months?: number
  seed?: string
  now?: Date
  currency?: string
  storeUrl?: string
  /** Where customers live: a US store with international buyers, or a UK store. */
  mix?: 'us' | 'uk'
  /** Share of profiles that are imported leads (no orders). Default 0.05. */
  leadShare?: number
  /** Create the demo segments (they need the groups code and the job queue). Default true. */
  segments?: boolean
}

export interface SeedAudienceResult {
  profiles: number
  events: number
  eventsByMetric: Record<string, number>
  orders: number
  revenue: number
  lists: Record<string, number>
  segments: Record<string, number>
  ms: { generate: number; write: number; groups: number; total: number }
}

export async function seedAudience(companyId: number, opts: SeedAudienceOptions = {}): Promise<SeedAudienceResult> {
  const t0 = Date.now()
  const nowMs = (opts.now ?? new Date()).getTime()
  const start = new Date(nowMs)
  start.setUTCMonth(start.getUTCMonth() - (opts.months ?? 12))
  const startMs = start.getTime()
  const storeUrl = (opts.storeUrl ?? 'https://demo-store.example').replace(/\/$/, '')
  const seed = opts.seed ?? 'demo-store'
  const days = seedDays(startMs, nowMs)

  const rng = createRng(seed)
  const customers = makeCustomers(rng.fork('customers'), {
    count: opts.customers ?? 5000,
    days,
    nowMs,
    mix: opts.mix ?? 'us',
    leadShare: opts.leadShare ?? 0.05,
    // Profile ids are global primary keys: the same seed in two companies needs other ids.
    idRng: createRng(`${seed}/ids/${companyId}`),
  })
  const { events, orders } = simulateActivity(rng.fork('activity'), customers, { days, nowMs, storeUrl })
  events.sort((a, b) => a.ts - b.ts || a.seq - b.seq)
  finishOrderEvents(events, storeUrl)
  const t1 = Date.now()

  const write = () => writeAudienceOps(customers, events, { companyId, currency: opts.currency ?? 'USD', nowMs })
  let metricIds: string[]
  if (dbEngine() === 'sqlite') {
    // A larger page cache while ~100 MB of rows and index entries go in (per connection; put back).
    const conn = sqlite()
    const cacheSize = conn.pragma('cache_size', { simple: true }) as number
    conn.pragma('cache_size = -200000')
    try {
      metricIds = await writeTx((c) => runOpsSync(write(), c), 60_000)
    } finally {
      conn.pragma(`cache_size = ${Number(cacheSize)}`)
    }
  } else {
    metricIds = await inWriteTx(write)
  }
  const t2 = Date.now()

  const { lists, segments } = await seedGroups(companyId, customers, {
    nowMs,
    startMs: Math.max(startMs, nowMs - 400 * DAY_MS),
    metricIds,
    segments: opts.segments ?? true,
  })
  const t3 = Date.now()

  const eventsByMetric: Record<string, number> = Object.fromEntries(METRICS.map((m) => [m.name, 0]))
  for (const e of events) eventsByMetric[METRICS[e.metric]!.name]!++
  return {
    profiles: customers.length,
    events: events.length,
    eventsByMetric,
    orders: orders.length,
    revenue: Math.round(orders.reduce((s, o) => s + o.total, 0) * 100) / 100,
    lists,
    segments,
    ms: { generate: t1 - t0, write: t2 - t1, groups: t3 - t2, total: t3 - t0 },
  }
}
