// Benchmark: an account's billing usage (issue 26 §4) — active profiles (emailable or textable),
// emails and SMS segments sent in the billing period — through lib/billing/measure-usage.ts,
// against the bare counts (profiles of the company, sends of the company: one COUNT each, no
// conditions). Also the plan gate's cost per claimed page (lib/billing/plan-gate.ts): uncached (the
// one usage count it makes every USAGE_TTL_MS) and cached (what the other pages pay). Each is
// measured twice: counted live from Send only (before the send rollup job has run), then with
// the per-day send rollup filled by its job (lib/messaging/send-rollup-job.ts, timed too): closed
// days from the rollup, today and the period's edges live — the figure the target is judged on.
//
//   npx tsx bench/billing-usage.mts [--engine sqlite|postgres] [--quick] [--profiles 1000000] [--sends 5000000] [--runs 3]
//
// Data: one account with PROFILES profiles (90 % with an address, 2 % of those bounced and 3 %
// unsubscribed from email; 10 % with only a number, half of them subscribed to SMS) and SENDS
// sends (90 % email, 10 % SMS of 1–3 segments; 85 % in this billing period, the rest in the one
// before; 2 % bounced, 1 % skipped, 0.5 % previews). The expected figures are counted while the
// rows are made and checked against the measured ones. Target: usage < 500 ms (median of the runs
// after one warm-up). Prints a final `BENCH_RESULT {json}` line for bench/run-all.mjs.
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
const PROFILES = arg('profiles', 1_000_000, 100_000)
const SENDS = arg('sends', 5_000_000, 500_000)
const RUNS = arg('runs', 3, 2)
const TARGET_MS = 500
const CHUNK = 50_000
process.chdir(root)
const machine = machineLine()

const scratch = await scratchDatabase(ENGINE, 'billing-usage')
const raw = await openRaw(scratch)

const load = loadRows

const NOW = new Date()
const PERIOD_START = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), 1))
const PERIOD_END = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() + 1, 1))
const BEFORE = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 1, 1))
const t0 = performance.now()
let seed = 7
const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
const between = (a: Date, b: Date) => new Date(a.getTime() + Math.floor(rand() * (b.getTime() - a.getTime())))
if (raw.sqlite) raw.sqlite.pragma('synchronous = OFF')
// Setup only: a large page cache (SQLite) and Send's secondary indexes built once after loading
// (PostgreSQL) keep the load of 5M sends to minutes.
if (raw.sqlite) raw.sqlite.pragma('cache_size = -1000000')
const withoutIndexes = (table: string, fn: () => Promise<void>): Promise<void> =>
  raw.pg ? pgWithoutIndexes(raw.pg, table, fn) : fn()
if (process.env.BENCH_KEEP) console.log(`Scratch database kept: ${scratch.url}`)
const CID = 1
await load(
  raw,
  'Company',
  [
    ['id', 'int'],
    ['name', 'text'],
    ['publicApiKey', 'text'],
    ['updatedAt', 'timestamp'],
  ],
  [[CID, 'Bench store', 'BBU001', NOW]],
)

const expected = { activeProfiles: 0, emailsSent: 0, smsSegments: 0 }
for (let from = 0; from < PROFILES; from += CHUNK) {
  const profiles: unknown[][] = []
  const consents: unknown[][] = []
  const suppressions: unknown[][] = []
  for (let i = from; i < Math.min(PROFILES, from + CHUNK); i++) {
    const id = `p${i}`
    if (i % 10 !== 9) {
      profiles.push([id, CID, `u${i}@store.example.test`, null, NOW])
      const r = rand()
      if (r < 0.02) suppressions.push([CID, id, 'email', 'bounced', NOW])
      else if (r < 0.05) consents.push([CID, id, 'email_marketing', 'unsubscribed', NOW])
      else expected.activeProfiles++
    } else {
      profiles.push([id, CID, null, `+1555${String(i).padStart(7, '0')}`, NOW])
      if (rand() < 0.5) {
        consents.push([CID, id, 'sms_marketing', 'subscribed', NOW])
        expected.activeProfiles++
      }
    }
  }
  await load(
    raw,
    'Profile',
    [
      ['id', 'text'],
      ['companyId', 'int'],
      ['email', 'text'],
      ['phoneNumber', 'text'],
      ['updatedAt', 'timestamp'],
    ],
    profiles,
  )
  await load(
    raw,
    'ProfileConsent',
    [
      ['companyId', 'int'],
      ['profileId', 'text'],
      ['channel', 'text'],
      ['status', 'text'],
      ['updatedAt', 'timestamp'],
    ],
    consents,
  )
  await load(
    raw,
    'Suppression',
    [
      ['companyId', 'int'],
      ['profileId', 'text'],
      ['channel', 'text'],
      ['reason', 'text'],
      ['createdAt', 'timestamp'],
    ],
    suppressions,
  )
}

await withoutIndexes('Send', async () => {
  for (let from = 0; from < SENDS; from += CHUNK) {
    const rows: unknown[][] = []
    for (let i = from; i < Math.min(SENDS, from + CHUNK); i++) {
      const sms = i % 10 === 9
      const inPeriod = rand() < 0.85
      const r = rand()
      const status = r < 0.02 ? 'bounced' : r < 0.03 ? 'skipped' : 'delivered'
      const preview = rand() < 0.005
      const segments = sms ? 1 + Math.floor(rand() * 3) : null
      const sendingAt =
        status === 'skipped' ? null : inPeriod ? between(PERIOD_START, NOW) : between(BEFORE, PERIOD_START)
      if (inPeriod && status === 'delivered' && !preview) {
        if (sms) expected.smsSegments += segments!
        else expected.emailsSent++
      }
      rows.push([
        `s${i}`,
        CID,
        sms ? 'sms' : 'email',
        preview ? 'preview' : 'campaign_message',
        `m${i % 40}`,
        `p${i % PROFILES}-${Math.floor(i / PROFILES)}`,
        status,
        '{}',
        sendingAt,
        segments,
        NOW,
      ])
    }
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
        ['segments', 'int'],
        ['updatedAt', 'timestamp'],
      ],
      rows,
    )
  }
})
if (raw.sqlite) {
  raw.sqlite.exec('ANALYZE')
  raw.sqlite.pragma('wal_checkpoint(TRUNCATE)')
} else await raw.pg!.query('VACUUM ANALYZE')
const loadMs = performance.now() - t0

process.env.DATABASE_URL = scratch.url
process.env.BILLING_ENFORCE_LIMITS = '1'
const { read, inWriteTx } = await import('../lib/db/ops')
const { usageOps, activeProfilesOps, sentUnitsOps } = await import('../lib/billing/measure-usage')
const { billingPlanGate, clearUsageCache } = await import('../lib/billing/plan-gate')
const { db } = await import('../lib/db/client')
// The gate's usage warnings enqueue a mail job in the claim's transaction; on PostgreSQL that
// needs the job queue's schema, which the worker installs (there is no worker here).
await (await import('../lib/jobs/current-queue')).jobQueue().prepare()

const time = (fn: () => unknown) => medianMs(fn, RUNS)

// The gate as a claimed page opens it: in the claim's write transaction.
const openGate = () =>
  inWriteTx(function* () {
    const a = yield* billingPlanGate.open(CID, 'email', NOW)
    if (a) yield* a.close()
  })
const PERIOD = { start: PERIOD_START, end: PERIOD_END }
async function measureUsage() {
  let measured = { activeProfiles: -1, emailsSent: -1, smsSegments: -1 }
  const usage = await time(async () => {
    measured = await read(usageOps(CID, PERIOD))
  })
  const parts = {
    activeProfiles: await time(() => read(activeProfilesOps(CID))),
    emails: await time(() => read(sentUnitsOps(CID, 'email', PERIOD))),
    sms: await time(() => read(sentUnitsOps(CID, 'sms', PERIOD))),
  }
  return { measured, usage, parts }
}
const live = await measureUsage()
const gateUncachedLive = await time(async () => {
  clearUsageCache()
  await openGate()
})
// The rollup job as the worker runs it after loading (every closed day of the account is new).
const { rollUpSends } = await import('../lib/messaging/send-rollup-job')
const tJob = performance.now()
let rolledDays = 0
for (let more = true; more;) {
  const r = await rollUpSends(NOW)
  rolledDays += r.computed
  more = r.more
}
const jobMs = performance.now() - tJob
const { measured, usage, parts } = await measureUsage()
const bare = await time(async () => {
  await raw.all(`SELECT COUNT(*) AS n FROM "Profile" WHERE "companyId" = ?`, [CID])
  await raw.all(`SELECT COUNT(*) AS n FROM "Send" WHERE "companyId" = ?`, [CID])
})
const gateUncached = await time(async () => {
  clearUsageCache()
  await openGate()
})
const gateCached = await time(openGate)

const same = (m: typeof measured) =>
  m.activeProfiles === expected.activeProfiles &&
  m.emailsSent === expected.emailsSent &&
  m.smsSegments === expected.smsSegments
const sane = same(measured) && same(live.measured)
const met = usage < TARGET_MS && sane
console.log(
  `Benchmark: billing usage of one account, ${PROFILES.toLocaleString('en')} profiles and ${SENDS.toLocaleString('en')} sends on ${ENGINE}`,
)
console.log(`Machine: ${machine}`)
if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
console.log(`Data loaded in ${(loadMs / 1000).toFixed(1)} s; median of ${RUNS} runs after one warm-up\n`)
console.log(`                                  with rollup   live only`)
console.log(`usage (profiles, emails, SMS)    ${fmtMs(usage).padStart(10)}  ${fmtMs(live.usage).padStart(10)}`)
console.log(
  `  active profiles                ${fmtMs(parts.activeProfiles).padStart(10)}  ${fmtMs(live.parts.activeProfiles).padStart(10)}`,
)
console.log(
  `  emails sent                    ${fmtMs(parts.emails).padStart(10)}  ${fmtMs(live.parts.emails).padStart(10)}`,
)
console.log(`  SMS segments                   ${fmtMs(parts.sms).padStart(10)}  ${fmtMs(live.parts.sms).padStart(10)}`)
console.log(`bare counts (profiles, sends)    ${fmtMs(bare).padStart(10)}`)
console.log(
  `plan gate per page, uncached     ${fmtMs(gateUncached).padStart(10)}  ${fmtMs(gateUncachedLive).padStart(10)}   (once per ${30} s per company)`,
)
console.log(`plan gate per page, cached       ${fmtMs(gateCached).padStart(10)}`)
console.log(`rollup job after loading         ${fmtMs(jobMs).padStart(10)}   (${rolledDays} closed days)`)
console.log(
  `\nCheck: measured = hand-counted, with the rollup and live: ${sane ? 'yes' : 'NO'} (${JSON.stringify(measured)}, ${JSON.stringify(live.measured)} vs ${JSON.stringify(expected)})`,
)
console.log(`Target: usage < ${TARGET_MS} ms → ${usage.toFixed(0)} ms: ${met ? 'met' : 'NOT met'}`)
report(
  'billing-usage',
  ENGINE,
  [
    {
      figure: 'Billing usage',
      what: `usage of one account, ${PROFILES.toLocaleString('en')} profiles, ${SENDS.toLocaleString('en')} sends`,
      ours: fmtMs(usage),
      baseline: `${fmtMs(bare)} bare counts`,
      ratio: Number((bare / usage).toFixed(3)),
      target: `< ${TARGET_MS} ms`,
      met,
    },
  ],
  {
    summary: `billing usage ${PROFILES}/${SENDS} ${usage.toFixed(0)} ms (live only ${live.usage.toFixed(0)} ms), target < ${TARGET_MS} ms; gate ${gateCached.toFixed(2)} ms cached, ${gateUncached.toFixed(0)} ms uncached`,
    sane,
  },
)
await db.$disconnect()
await raw.close()
if (ENGINE === 'postgres') await (await import('../lib/db/pg-pool')).closePgPool()
if (!process.env.BENCH_KEEP) await scratch.drop()
process.exit(0)
