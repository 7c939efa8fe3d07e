// A 90-day campaign-values report over a million events (issue 10 §5: under 500 ms): the
// company holds 1,000,000 events over 120 days (campaign opens and clicks with their $message,
// other message events, and store events that are not about any message), 100,000 Sends of 50
// campaigns and 5,000 attributed orders; the report is POST /api/campaign-values-reports' work
// (parse the body, then campaignValuesReport: all statistics, grouped by campaign, last_90_days).
// Baseline in the same run: the bare scan of the same range, `count(*)` of the company's events
// in the 90 days grouped by metric (the least any report over those events must read).
//
//   flock /tmp/bench.lock npx tsx bench/reports.mts [--engine sqlite|postgres] [--quick] [--events 1000000]
//
// Prints the median of 5 timed runs (after one warm-up) and `BENCH_RESULT {json}`.
import {
  arg,
  engineArg,
  fmtInt,
  fmtMs,
  machine,
  medianMs,
  pgLoad,
  pgWithoutIndexes,
  report,
  root,
  scratchDatabase,
} from './lib/common.mjs'
import { openRaw } from './lib/raw.mjs'

const ENGINE = engineArg()
const EVENTS = arg('events', 1_000_000, 50_000)
const PROFILES = 20_000
const CAMPAIGNS = 50
const SENDS_PER = Math.min(2_000, Math.floor(EVENTS / 10 / CAMPAIGNS))
const DAYS = 120
process.chdir(root)

const scratch = await scratchDatabase(ENGINE, 'reports')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'

const { db } = await import('@/lib/db/client')
const { parseValuesReportBody, campaignValuesReport } = await import('@/lib/reporting/values-report-api')
const { STATISTICS } = await import('@/lib/reporting/statistics')

const company = await db.company.create({ data: { name: 'Reports bench', publicApiKey: 'REPBEN' } })
const companyId = company.id
const now = new Date()
const nowSec = Math.floor(now.getTime() / 1000)
const setupStart = performance.now()

// ---- metrics, profiles, campaigns and their messages ----
const metricNames = [
  'Received Email',
  'Opened Email',
  'Clicked Email',
  'Bounced Email',
  'Unsubscribed from Email Marketing',
  'Placed Order',
  'Viewed Product',
  'Active on Site',
]
const metric: Record<string, string> = {}
for (const [i, name] of metricNames.entries())
  metric[name] = (await db.metric.create({ data: { id: `MRep${i}`, companyId, name } })).id
const profiles = Array.from({ length: PROFILES }, (_, i) => `PrfRep${String(i).padStart(6, '0')}`)
for (let i = 0; i < PROFILES; i += 1000)
  await db.profile.createMany({
    data: profiles.slice(i, i + 1000).map((id, k) => ({ id, companyId, email: `p${i + k}@bench.test` })),
  })
const campaigns = Array.from({ length: CAMPAIGNS }, (_, i) => ({
  id: `CRep${String(i).padStart(4, '0')}`,
  messageId: `MsgRep${String(i).padStart(4, '0')}`,
  day: Math.floor((i * DAYS) / CAMPAIGNS),
}))
await db.campaign.createMany({
  data: campaigns.map((c, i) => ({
    id: c.id,
    companyId,
    name: `Campaign ${i}`,
    channel: 'email',
    status: 'Sent',
    sentAt: new Date((nowSec - (DAYS - c.day) * 86400) * 1000),
  })),
})
await db.campaignMessage.createMany({
  data: campaigns.map((c) => ({ id: c.messageId, companyId, campaignId: c.id, channel: 'email', label: '' })),
})

// ---- rows: Sends, events, attributions (deterministic) ----
const raw = await openRaw(scratch)
const sendRows: unknown[][] = []
for (const c of campaigns) {
  const at = new Date((nowSec - (DAYS - c.day) * 86400) * 1000)
  for (let k = 0; k < SENDS_PER; k++) {
    const p = profiles[(c.day * 131 + k) % PROFILES]!
    sendRows.push([
      `S${c.id}-${k}`,
      companyId,
      'email',
      'campaign_message',
      c.messageId,
      p,
      k % 50 === 0 ? 'bounced' : 'delivered',
      '{}',
      at,
      at,
      at,
    ])
  }
}
const eventRows: unknown[][] = []
let h = 2166136261
const rnd = () => {
  h ^= h << 13
  h ^= h >>> 17
  h ^= h << 5
  return (h >>> 0) / 4294967296
}
for (let i = 0; i < EVENTS; i++) {
  const r = rnd()
  const c = campaigns[Math.floor(rnd() * CAMPAIGNS)]!
  const k = Math.floor(rnd() * SENDS_PER)
  const p = profiles[(c.day * 131 + k) % PROFILES]!
  const ts = nowSec - (DAYS - c.day) * 86400 + Math.floor(rnd() * 5 * 86400)
  const msg = (extra = '') =>
    `{"$message":"${c.messageId}","$source_type":"campaign_message","$send_id":"S${c.id}-${k}"${extra}}`
  if (r < 0.3) eventRows.push([companyId, p, metric['Received Email'], ts, null, msg()])
  else if (r < 0.5)
    eventRows.push([
      companyId,
      p,
      metric['Opened Email'],
      ts,
      null,
      msg(i % 9 === 0 ? ',"$machine":true,"$machine_reason":"apple_mpp"' : ''),
    ])
  else if (r < 0.56)
    eventRows.push([companyId, p, metric['Clicked Email'], ts, null, msg(',"URL":"https://shop.test/sale"')])
  else if (r < 0.57) eventRows.push([companyId, p, metric['Unsubscribed from Email Marketing'], ts, null, msg()])
  else if (r < 0.6) eventRows.push([companyId, p, metric['Placed Order'], ts, 40 + (i % 60), '{"$value":40}'])
  else
    eventRows.push([
      companyId,
      profiles[i % PROFILES]!,
      metric[r < 0.85 ? 'Viewed Product' : 'Active on Site'],
      nowSec - Math.floor(rnd() * DAYS * 86400),
      null,
      '{"ProductID":"SKU-1"}',
    ])
}
const attributions: unknown[][] = []
for (let i = 0; i < Math.min(5_000, EVENTS / 20); i++) {
  const c = campaigns[i % CAMPAIGNS]!
  const ts = nowSec - (DAYS - c.day) * 86400 + 3600
  attributions.push([
    10_000_000 + i,
    companyId,
    profiles[i % PROFILES]!,
    metric['Placed Order'],
    ts,
    40,
    'campaign',
    c.id,
    c.messageId,
    `S${c.id}-0`,
    'email',
    'click',
    ts - 600,
  ])
}

if (raw.pg) {
  const pgc = raw.pg
  await pgLoad(
    pgc,
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
      ['createdAt', 'timestamp'],
      ['updatedAt', 'timestamp'],
      ['sentAt', 'timestamp'],
    ],
    sendRows,
  )
  await pgWithoutIndexes(pgc, 'Event', () =>
    pgLoad(
      pgc,
      'Event',
      [
        ['companyId', 'int'],
        ['profileId', 'text'],
        ['metricId', 'text'],
        ['ts', 'int'],
        ['value', 'float8'],
        ['properties', 'jsonb'],
      ],
      eventRows,
    ),
  )
  await pgLoad(
    pgc,
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
    attributions,
  )
  await pgc.query('ANALYZE')
} else {
  const conn = raw.sqlite!
  const ins = (sql: string, rows: unknown[][]) => {
    const st = conn.prepare(sql)
    conn.transaction(() => {
      for (const r of rows) st.run(...r.map((v) => (v instanceof Date ? v.toISOString().replace('Z', '+00:00') : v)))
    })()
  }
  ins(
    'INSERT INTO "Send" ("id","companyId","channel","sourceType","sourceId","profileId","status","content","createdAt","updatedAt","sentAt") VALUES (?,?,?,?,?,?,?,?,?,?,?)',
    sendRows,
  )
  for (let i = 0; i < eventRows.length; i += 100_000)
    ins(
      'INSERT INTO "Event" ("companyId","profileId","metricId","ts","value","properties") VALUES (?,?,?,?,?,?)',
      eventRows.slice(i, i + 100_000),
    )
  ins(
    'INSERT INTO "EventAttribution" ("eventId","companyId","profileId","metricId","ts","value","sourceType","campaignId","messageId","sendId","channel","touch","touchTs") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)',
    attributions,
  )
  conn.exec('ANALYZE')
}
const setupMs = performance.now() - setupStart

// ---- the timed runs ----
const body = {
  data: {
    type: 'campaign-values-report',
    attributes: {
      statistics: [...STATISTICS],
      timeframe: { key: 'last_90_days' },
      conversion_metric_id: metric['Placed Order'],
      group_by: ['campaign_id', 'campaign_message_id'],
    },
  },
}
async function ours() {
  const p = await parseValuesReportBody(companyId, body, 'campaign-values-report', now)
  return campaignValuesReport(companyId, p)
}
const from = nowSec - 90 * 86400
async function baseline() {
  return raw.all(
    'SELECT "metricId", count(*) AS n FROM "Event" WHERE "companyId" = ? AND "ts" >= ? AND "ts" < ? GROUP BY "metricId"',
    [companyId, from, nowSec],
  )
}
const sample = await ours()
const oursMs = await medianMs(ours, 5)
const baseMs = await medianMs(baseline, 5)
const results = sample.data.attributes.results as Array<{ statistics: Record<string, number> }>
const totalRecipients = results.reduce((s, r) => s + (r.statistics.recipients ?? 0), 0)
console.log(`Machine: ${machine()}`)
console.log(
  `Campaign-values report (${ENGINE}): ${fmtInt(EVENTS)} events over ${DAYS} days, ${fmtInt(sendRows.length)} sends of ${CAMPAIGNS} campaigns, ${fmtInt(attributions.length)} attributed orders (setup ${(setupMs / 1000).toFixed(1)} s)`,
)
console.log(
  `  report, last 90 days, ${STATISTICS.length} statistics by campaign: ${fmtMs(oursMs)} (median of 5; ${results.length} campaigns, ${fmtInt(totalRecipients)} recipients)`,
)
console.log(`  baseline, count(*) of the range's events by metric: ${fmtMs(baseMs)}`)
report(
  'reports',
  ENGINE,
  [
    {
      figure: 'campaign-values-report',
      what: `90-day campaign-values report over ${fmtInt(EVENTS)} events`,
      ours: fmtMs(oursMs),
      baseline: `${fmtMs(baseMs)} (bare count of the range's events by metric)`,
      ratio: Number((baseMs / oursMs).toFixed(2)),
      target: '< 500 ms',
      met: oursMs < 500,
    },
  ],
  { reportMs: Math.round(oursMs), baselineMs: Math.round(baseMs), events: EVENTS },
)
await raw.close()
await db.$disconnect()
await scratch.drop()
