// Benchmark: the portfolio dashboard (issue 27 §6) over ACCOUNTS accounts of PROFILES profiles
// each, through lib/portfolio/dashboard.ts (membership check, then revenue, sends and
// deliverability, list growth, profiles and message events as one grouped query each over all
// accounts), against the bare per-account counts (profiles, and sends of the period, each one
// grouped query over all accounts, no joins, no rates).
//
//   npx tsx bench/portfolio.mts [--engine sqlite|postgres] [--quick] [--accounts 50] [--profiles 100000] [--runs 3]
//
// Data per account: PROFILES profiles; one email send per profile in the last 30 days (2 %
// bounced); half as many list joins and a tenth as many leaves; an attributed order for one
// profile in 50. Target: the dashboard in under 1 s (median of the runs after one warm-up).
// Measured twice: counted live from Send only (before the send rollup job has run), then with the
// per-day send rollup filled by its job (lib/messaging/send-rollup-job.ts, timed too) — closed
// days from the rollup, today and the period's first partial day live — the figure judged. The
// sends' part is timed apart, and the live list growth query (what dominated once sends were
// rolled up; the dashboard reads its whole days from ListChangeDailyRollup now).
// Prints a final `BENCH_RESULT {json}` line for bench/run-all.mjs.
import {
  arg,
  engineArg,
  fmtMs,
  machine as machineLine,
  medianMs,
  pgWithoutIndexes,
  report,
  root,
  scratchDatabase,
} from './lib/common.mjs'
import { loadRows, openRaw } from './lib/raw.mjs'

const ENGINE = engineArg()
const ACCOUNTS = arg('accounts', 50, 10)
const PROFILES = arg('profiles', 100_000, 20_000)
const RUNS = arg('runs', 3, 2)
const TARGET_MS = 1000
process.chdir(root)
const machine = machineLine()

const scratch = await scratchDatabase(ENGINE, 'portfolio')
const raw = await openRaw(scratch)

const load = loadRows

const NOW = new Date()
const DAY = 86_400_000
const t0 = performance.now()
let seed = 11
const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
const ago = (maxDays: number) => new Date(NOW.getTime() - Math.floor(rand() * maxDays * DAY))
if (raw.sqlite) raw.sqlite.pragma('synchronous = OFF')
// Setup only: a large page cache (SQLite) and the secondary indexes of the big tables built once
// after loading (PostgreSQL) keep the load of 5M profiles and 5M sends to minutes.
if (raw.sqlite) raw.sqlite.pragma('cache_size = -1000000')
const withoutIndexes = (tables: string[], fn: () => Promise<void>): Promise<void> =>
  !raw.pg || !tables.length ? fn() : pgWithoutIndexes(raw.pg, tables[0]!, () => withoutIndexes(tables.slice(1), fn))
await load(
  raw,
  'User',
  [
    ['id', 'int'],
    ['email', 'text'],
    ['passwordHash', 'text'],
    ['updatedAt', 'timestamp'],
  ],
  [[1, 'agency@example.test', 'x', NOW]],
)
await load(
  raw,
  'Portfolio',
  [
    ['id', 'int'],
    ['ownerUserId', 'int'],
    ['name', 'text'],
    ['updatedAt', 'timestamp'],
  ],
  [[1, 1, 'Bench portfolio', NOW]],
)
let sends = 0
await withoutIndexes(['Profile', 'Send', 'GroupMembershipChange'], async () => {
  for (let c = 1; c <= ACCOUNTS; c++) {
    await load(
      raw,
      'Company',
      [
        ['id', 'int'],
        ['name', 'text'],
        ['publicApiKey', 'text'],
        ['updatedAt', 'timestamp'],
      ],
      [[c, `Store ${String(c).padStart(3, '0')}`, `BP${String(c).padStart(4, '0')}`, NOW]],
    )
    await load(
      raw,
      'Membership',
      [
        ['userId', 'int'],
        ['companyId', 'int'],
        ['role', 'text'],
      ],
      [[1, c, 'owner']],
    )
    await load(
      raw,
      'PortfolioAccount',
      [
        ['portfolioId', 'int'],
        ['companyId', 'int'],
      ],
      [[1, c]],
    )
    await load(
      raw,
      'Metric',
      [
        ['id', 'text'],
        ['companyId', 'int'],
        ['name', 'text'],
        ['updatedAt', 'timestamp'],
      ],
      [[`po${c}`, c, 'Placed Order', NOW]],
    )
    await load(
      raw,
      'Group',
      [
        ['id', 'text'],
        ['companyId', 'int'],
        ['name', 'text'],
        ['updatedAt', 'timestamp'],
      ],
      [[`l${c}`, c, 'Newsletter', NOW]],
    )
    const pid = (i: number) => `p${c}-${i}`
    const profiles: unknown[][] = []
    const sendRows: unknown[][] = []
    const changes: unknown[][] = []
    const orders: unknown[][] = []
    for (let i = 0; i < PROFILES; i++) {
      profiles.push([pid(i), c, `u${i}@s${c}.example.test`, ago(400), NOW])
      // Handed to the provider and accepted in the same instant: the period counts either.
      const sentAt = ago(30)
      sendRows.push([
        `s${c}-${i}`,
        c,
        'email',
        'campaign_message',
        `m${c}`,
        pid(i),
        rand() < 0.02 ? 'bounced' : 'delivered',
        '{}',
        sentAt,
        sentAt,
        NOW,
      ])
      if (i % 2 === 0) changes.push([c, `l${c}`, pid(i), 'entered', ago(60)])
      if (i % 10 === 0) changes.push([c, `l${c}`, pid(i), 'left', ago(60)])
      if (i % 50 === 0)
        orders.push([
          c * 10_000_000 + i,
          c,
          pid(i),
          `po${c}`,
          Math.floor(ago(30).getTime() / 1000),
          Math.round(rand() * 20000) / 100,
          'campaign',
          `cmp${c}`,
          `m${c}`,
          `s${c}-${i}`,
          'email',
          'click',
          0,
        ])
    }
    sends += sendRows.length
    await load(
      raw,
      'Profile',
      [
        ['id', 'text'],
        ['companyId', 'int'],
        ['email', 'text'],
        ['createdAt', 'timestamp'],
        ['updatedAt', 'timestamp'],
      ],
      profiles,
    )
    await load(
      raw,
      'Send',
      [
        ['id', 'text'],
        ['companyId', 'int'],
        ['channel', 'text'],
        ['sourceType', 'text'],
        ['sourceId', 'text'],
        ['profileId', 'text'],
        ['status', 'text'],
        ['content', 'text'],
        ['sendingAt', 'timestamp'],
        ['sentAt', 'timestamp'],
        ['updatedAt', 'timestamp'],
      ],
      sendRows,
    )
    await load(
      raw,
      'GroupMembershipChange',
      [
        ['companyId', 'int'],
        ['groupId', 'text'],
        ['profileId', 'text'],
        ['kind', 'text'],
        ['at', 'timestamp'],
      ],
      changes,
    )
    await load(
      raw,
      'EventAttribution',
      [
        ['eventId', 'int'],
        ['companyId', 'int'],
        ['profileId', 'text'],
        ['metricId', 'text'],
        ['ts', 'int'],
        ['value', 'float8'],
        ['sourceType', 'text'],
        ['campaignId', 'text'],
        ['messageId', 'text'],
        ['sendId', 'text'],
        ['channel', 'text'],
        ['touch', 'text'],
        ['touchTs', 'int'],
      ],
      orders,
    )
  }
})
if (raw.sqlite) {
  raw.sqlite.exec('ANALYZE')
  raw.sqlite.pragma('wal_checkpoint(TRUNCATE)')
} else await raw.pg!.query('VACUUM ANALYZE')
const loadMs = performance.now() - t0

process.env.DATABASE_URL = scratch.url
const { portfolioDashboard } = await import('../lib/portfolio/dashboard')
const { db } = await import('../lib/db/client')

const time = (fn: () => unknown) => medianMs(fn, RUNS)

const since = new Date(NOW.getTime() - 30 * DAY)
const ids = Array.from({ length: ACCOUNTS }, (_, i) => i + 1)
const { accountSends } = await import('../lib/portfolio/account-sends')
async function measureDashboard() {
  let shown = 0
  let totalSends = 0
  let totalProfiles = 0
  const dashboard = await time(async () => {
    const d = await portfolioDashboard(1, 1, 30, NOW)
    shown = d.accounts.length
    totalSends = d.totals.sends
    totalProfiles = d.totals.profiles
  })
  const sendsPart = await time(() => accountSends(ids, since, NOW, ['sent', 'delivered', 'bounced']))
  return { shown, totalSends, totalProfiles, dashboard, sendsPart }
}
const live = await measureDashboard()
const { rollUpSends } = await import('../lib/messaging/send-rollup-job')
const tJob = performance.now()
let rolledDays = 0
for (let more = true; more;) {
  const r = await rollUpSends(NOW)
  rolledDays += r.computed
  more = r.more
}
const jobMs = performance.now() - tJob
const { shown, totalSends, totalProfiles, dashboard, sendsPart } = await measureDashboard()
const inIds = ids.map(() => '?').join(', ')
const listGrowth = await time(() =>
  raw.all(
    `SELECT c."companyId", c."kind", COUNT(*) AS n FROM "GroupMembershipChange" c
       JOIN "Group" g ON g."id" = c."groupId" AND g."companyId" = c."companyId"
      WHERE c."companyId" IN (${inIds}) AND g."type" = 0 AND c."at" >= ? AND c."at" < ?
      GROUP BY c."companyId", c."kind"`,
    [...ids, since, NOW],
  ),
)
const inList = ids.map(() => '?').join(', ')
const bare = await time(async () => {
  await raw.all(
    `SELECT "companyId", COUNT(*) AS n FROM "Profile" WHERE "companyId" IN (${inList}) GROUP BY "companyId"`,
    ids,
  )
  await raw.all(
    `SELECT "companyId", COUNT(*) AS n FROM "Send" WHERE "companyId" IN (${inList}) AND "sendingAt" >= ? GROUP BY "companyId"`,
    [...ids, since],
  )
})

// Profiles come from the per-company counts the triggers keep (CompanyProfileCount): every one.
const sane =
  shown === ACCOUNTS &&
  totalSends === sends &&
  live.shown === ACCOUNTS &&
  live.totalSends === sends &&
  totalProfiles === ACCOUNTS * PROFILES
const met = dashboard < TARGET_MS && sane
console.log(
  `Benchmark: portfolio dashboard over ${ACCOUNTS} accounts × ${PROFILES.toLocaleString('en')} profiles on ${ENGINE}`,
)
console.log(`Machine: ${machine}`)
if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
console.log(
  `Data: ${(ACCOUNTS * PROFILES).toLocaleString('en')} profiles, ${sends.toLocaleString('en')} sends (loaded in ${(loadMs / 1000).toFixed(1)} s); median of ${RUNS} runs after one warm-up\n`,
)
console.log(`                                with rollup   live only`)
console.log(`portfolio dashboard (30 days)   ${fmtMs(dashboard).padStart(10)}  ${fmtMs(live.dashboard).padStart(10)}`)
console.log(`  sends by status (its part)    ${fmtMs(sendsPart).padStart(10)}  ${fmtMs(live.sendsPart).padStart(10)}`)
console.log(
  `                                             ${fmtMs(listGrowth).padStart(10)}   list growth counted live (its own rollup replaced this)`,
)
console.log(`bare per-account counts         ${fmtMs(bare).padStart(10)}`)
console.log(`rollup job after loading        ${fmtMs(jobMs).padStart(10)}   (${rolledDays} closed days)`)
console.log(
  `\nCheck: every account shown, every send and profile counted, with the rollup and live: ${sane ? 'yes' : 'NO'} (${shown} accounts, ${totalSends} and ${live.totalSends} sends, ${totalProfiles} profiles)`,
)
console.log(`Target: dashboard < ${TARGET_MS} ms → ${dashboard.toFixed(0)} ms: ${met ? 'met' : 'NOT met'}`)
report(
  'portfolio',
  ENGINE,
  [
    {
      figure: 'Portfolio',
      what: `portfolio dashboard, ${ACCOUNTS} accounts × ${PROFILES.toLocaleString('en')} profiles`,
      ours: fmtMs(dashboard),
      baseline: `${fmtMs(bare)} bare per-account counts`,
      ratio: Number((bare / dashboard).toFixed(3)),
      target: `< ${TARGET_MS} ms`,
      met,
    },
  ],
  {
    summary: `portfolio dashboard ${ACCOUNTS}×${PROFILES} ${dashboard.toFixed(0)} ms (live only ${live.dashboard.toFixed(0)} ms), target < ${TARGET_MS} ms`,
    sane,
  },
)
await db.$disconnect()
await raw.close()
if (ENGINE === 'postgres') await (await import('../lib/db/pg-pool')).closePgPool()
await scratch.drop()
process.exit(0)
