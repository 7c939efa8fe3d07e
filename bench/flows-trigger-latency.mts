// Trigger-to-first-step latency (issue 9 §2 and §6): events arrive at 200 per second through the
// real ingest path (acceptEvent → the events.ingest job → ingestBatchOps, whose hook enters the
// metric-triggered flow in the same transaction → the flows.advance job executes the entry
// action, an update-profile), in one process with the app's in-process job worker, as under
// `npm start`. Latency per event = FlowStep.at of the run's entry action − the moment the event
// was handed to acceptEvent (stamped in its properties). Baseline in the same run: the same
// events of a metric that triggers no flow, ingest-to-stored (Event.createdAt − the same stamp).
//
//   npx tsx bench/flows-trigger-latency.mts [--engine sqlite|postgres] [--quick] [--seconds 20] [--rate 200]
//
// Target: p99 trigger-to-first-step < 1 s. Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'

const ENGINE = engineArg()
const SECONDS = arg('seconds', 20, 5)
const RATE = arg('rate', 200)
const PROFILES = 500
const N = SECONDS * RATE
process.chdir(root)

const scratch = await scratchDatabase(ENGINE, 'flows-latency')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'

const { db } = await import('@/lib/db/client')
const { flowDefinition } = await import('@/lib/flows/definition')
const { createFlow } = await import('@/lib/flows/store')
const { prepareFlowJobs } = await import('@/lib/flows/engine/enter-flow')
const { acceptEvent } = await import('@/lib/events/accept-event')
const { ingestEvents } = await import('@/lib/events/ingest-events')
const { registerJobHandlers } = await import('@/lib/server/job-handlers')
const { startWorker, jobQueue } = await import('@/lib/jobs/queue')

const company = await db.company.create({
  data: {
    name: 'Latency bench',
    publicApiKey: 'LATBEN',
    addressLine1: '1 Main St',
    city: 'Springfield',
    postalCode: '62701',
    country: 'US',
  },
})
const companyId = company.id
const emails = Array.from({ length: PROFILES }, (_, i) => `shopper${i}@example.test`)
// Profiles and both metrics exist before timing (first events create them).
await ingestEvents(
  companyId,
  emails.map((email) => ({ metric: { name: 'Viewed Product' }, profile: { email }, properties: {} })),
)
await ingestEvents(companyId, [
  { metric: { name: 'Placed Order' }, profile: { email: emails[0]! }, properties: { warmup: true } },
])
const metricId = (await db.metric.findFirstOrThrow({ where: { companyId, name: 'Placed Order' } })).id
const flowId = await createFlow(companyId, {
  name: 'Thank you',
  status: 'live',
  definition: flowDefinition.parse({
    triggers: [{ type: 'metric', id: metricId, trigger_filter: null }],
    profile_filter: null,
    entry_action_id: 'a0',
    reentry_criteria: null,
    actions: [
      {
        temporary_id: 'a0',
        type: 'update-profile',
        links: { next: null },
        data: {
          status: 'live',
          profile_operations: [
            { operator: 'update', property_type: 'string', property_key: 'last_order_flow', property_value: 'thanked' },
          ],
        },
      },
    ],
  }) as never,
})

await jobQueue().prepare?.()
await prepareFlowJobs()
registerJobHandlers()
const worker = startWorker({ concurrency: 2, log: () => {} })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Sends N events of `metric` at RATE per second, each stamped with the time it was handed over. */
async function arrive(metric: string, tag: string) {
  const t0 = performance.now() + 50
  const pending: Promise<void>[] = []
  for (let i = 0; i < N; i++) {
    const due = t0 + (i * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 1) await sleep(wait)
    pending.push(
      acceptEvent(
        companyId,
        {
          metric: { name: metric },
          profile: { email: emails[i % PROFILES]! },
          properties: { sent_at: Date.now(), seq: i, tag },
          uniqueId: `${tag}-${i}`,
        },
        { source: 'api' },
      ),
    )
  }
  await Promise.all(pending)
  return performance.now() - t0
}

function pct(sorted: number[], p: number) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function waitFor(check: () => Promise<number>, want: number, limitMs: number) {
  const end = Date.now() + limitMs
  let n = 0
  while (Date.now() < end && (n = await check()) < want) await sleep(100)
  return n
}

// ---- baseline: a metric with no flow, ingest-to-stored ----
const viewedId = (await db.metric.findFirstOrThrow({ where: { companyId, name: 'Viewed Product' } })).id
const baseMs = await arrive('Viewed Product', 'base')
const stored = await waitFor(
  () => db.event.count({ where: { companyId, metricId: viewedId, uniqueId: { startsWith: 'base-' } } }),
  N,
  60_000,
)
const baseRows = await db.event.findMany({
  where: { companyId, metricId: viewedId, uniqueId: { startsWith: 'base-' } },
  select: { properties: true, createdAt: true },
})
const base = baseRows
  .map((r) => r.createdAt.getTime() - Number((JSON.parse(r.properties) as { sent_at: number }).sent_at))
  .sort((a, b) => a - b)

// ---- flows: trigger to first step (after a warm-up of 20 entries: first-use module loads and statement preparation are not steady state) ----
for (let i = 0; i < 20; i++)
  await acceptEvent(
    companyId,
    {
      metric: { name: 'Placed Order' },
      profile: { email: emails[i]! },
      properties: { warmup: true },
      uniqueId: `warm-${i}`,
    },
    { source: 'api' },
  )
await waitFor(() => db.flowStep.count({ where: { companyId, flowId } }), 20, 60_000)
await db.flowStep.deleteMany({ where: { companyId, flowId } })
const flowMs = await arrive('Placed Order', 'flow')
const stepped = await waitFor(() => db.flowStep.count({ where: { companyId, flowId } }), N, 120_000)
const steps = await db.flowStep.findMany({
  where: { companyId, flowId },
  select: { runId: true, at: true, status: true },
})
const runs = new Map(
  (await db.flowRun.findMany({ where: { companyId, flowId }, select: { id: true, triggerEvent: true } })).map((r) => [
    r.id,
    r.triggerEvent,
  ]),
)
const lat: number[] = []
const statuses = new Map<string, number>()
for (const s of steps) {
  statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1)
  const te = runs.get(s.runId)
  const sentAt = te ? Number((JSON.parse(te) as { properties?: { sent_at?: number } }).properties?.sent_at) : NaN
  if (Number.isFinite(sentAt)) lat.push(s.at.getTime() - sentAt)
}
lat.sort((a, b) => a - b)
await worker.stop()

const p50 = pct(lat, 50),
  p99 = pct(lat, 99)
const b50 = pct(base, 50),
  b99 = pct(base, 99)
console.log(
  `flows trigger latency, ${ENGINE}: ${fmtInt(N)} events at ${RATE}/s (arrivals took ${(flowMs / 1000).toFixed(1)} s; baseline ${(baseMs / 1000).toFixed(1)} s)`,
)
console.log(
  `  baseline ingest-to-stored: ${fmtInt(stored)}/${fmtInt(N)} stored, p50 ${fmtMs(b50)}, p99 ${fmtMs(b99)}, max ${fmtMs(base.at(-1) ?? NaN)}`,
)
console.log(
  `  trigger-to-first-step:    ${fmtInt(stepped)}/${fmtInt(N)} first steps (${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ')}), p50 ${fmtMs(p50)}, p99 ${fmtMs(p99)}, max ${fmtMs(lat.at(-1) ?? NaN)}`,
)
console.log(`  ${machine()}`)
report(
  'flows-trigger-latency',
  ENGINE,
  [
    {
      figure: '(flows) trigger→first step p50',
      what: `${fmtInt(N)} events at ${RATE}/s, update-profile entry action`,
      ours: fmtMs(p50),
      baseline: fmtMs(b50),
      ratio: p50 > 0 ? b50 / p50 : null,
    },
    {
      figure: '(flows) trigger→first step p99',
      what: 'baseline: the same events with no flow, ingest-to-stored',
      ours: fmtMs(p99),
      baseline: fmtMs(b99),
      ratio: p99 > 0 ? b99 / p99 : null,
      target: 'p99 < 1 s',
      met: p99 < 1000 && stepped === N,
    },
  ],
  { events: N, rate: RATE, stepped, stored },
)
await db.$disconnect?.()
await scratch.drop()
process.exit(0)
