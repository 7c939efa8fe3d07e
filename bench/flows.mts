// The flow journey engine (issue 9 §6), on one engine per run:
//  (a) steps per second with the worker at full speed: runs through a 4-action flow (a
//      conditional split on a profile property, an email, a zero delay, an SMS), each step
//      committing with its FlowStep row, the executor's work (a Send and its delivery job) and
//      the run's move (the runs at one action stepped as a set, lib/flows/engine/batch-step.ts);
//      against a baseline measured in the same run: the bare FlowStep insert loop, one write
//      transaction per insert. Target ≥ 1,000 steps/s on SQLite.
//  (b) N profiles waiting in a delay all woken in the same minute: the time to drain them all
//      (each wakes and sends an email) and the peak RSS of the process while it does.
//
//   npx tsx bench/flows.mts [--engine sqlite|postgres] [--quick] [--runs 2000] [--waiting 100000]
//   npm run bench:flows   (under flock /tmp/bench.lock)
//
// Trigger-to-first-step latency is measured by the triggers' benchmark. Prints `BENCH_RESULT {json}`.
import { engineArg, arg, fmtInt, machine, report, scratchDatabase, type Row } from './lib/common.mjs'

const ENGINE = engineArg()
const RUNS = arg('runs', 2_000, 500)
const WAITING = arg('waiting', 100_000, 5_000)

const scratch = await scratchDatabase(ENGINE, 'flows')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'

const { inWriteTx } = await import('@/lib/db/ops')
const { kysely } = await import('@/lib/db/kysely')
const { db } = await import('@/lib/db/client')
const { createFlow } = await import('@/lib/flows/store')
const { flowDefinition } = await import('@/lib/flows/definition')
const { drainFlowRuns, advanceDueRuns } = await import('@/lib/flows/engine/advance-runs')
;(await import('@/lib/server/consumers')).registerConsumers() // list updates enter list-triggered flows
const { prepareFlowJobs } = await import('@/lib/flows/engine/wake')
const { ulid } = await import('@/lib/ids/make-id')
type FlowDefinition = import('@/lib/flows/definition').FlowDefinition

console.log(
  `flows bench on ${ENGINE}${scratch.source ? ` (${scratch.source})` : ''}: ${fmtInt(RUNS)} runs × 4 steps, ${fmtInt(WAITING)} waiting runs; ${machine()}`,
)
await prepareFlowJobs()

const company = await db.company.create({
  data: {
    name: 'Bench flows',
    publicApiKey: 'BENCHF',
    addressLine1: '1 Main St',
    city: 'Springfield',
    postalCode: '62701',
    country: 'US',
  },
})
const companyId = company.id
await db.template.create({
  data: {
    id: 'TplBench',
    companyId,
    name: 'T',
    editorType: 'CODE',
    html: 'x',
    compiledHtml: '<p>Hi {{ first_name }}</p>',
    compiledText: 'Hi',
  },
})

async function insertChunks<T>(table: 'Profile' | 'FlowRun', rows: T[], per = 500) {
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per)
    await inWriteTx(function* () {
      yield kysely()
        .insertInto(table)
        .values(chunk as never)
        .compile()
    } as never)
  }
}

const now = new Date()
const profiles = Array.from({ length: Math.max(RUNS, WAITING) }, (_, i) => ({
  id: `PB${i}`,
  companyId,
  email: `b${i}@bench.test`,
  phoneNumber: `+1555${String(i).padStart(7, '0')}`,
  properties: JSON.stringify({ tier: i % 2 ? 'gold' : 'silver' }),
  createdAt: now,
  updatedAt: now,
}))
await insertChunks('Profile', profiles)

async function liveFlow(actions: Array<Record<string, unknown>>) {
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: actions[0]!.temporary_id,
    actions,
  }) as FlowDefinition
  const id = await createFlow(companyId, { name: 'Bench', definition: def, status: 'live' })
  const v = await db.flowVersion.findFirstOrThrow({ where: { flowId: id } })
  return { id, def: JSON.parse(v.definition) as FlowDefinition }
}
const runRows = (flowId: string, entry: string, n: number, wakeAt: Date, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({
    id: ulid(),
    companyId,
    flowId,
    version: 1,
    profileId: `PB${i}`,
    entryKey: `${prefix}:${i}`,
    triggerKind: 'metric',
    status: 'active',
    currentActionId: entry,
    wakeAt,
    triggerEvent: JSON.stringify({
      id: i,
      metricId: null,
      metric: 'Bench',
      properties: { n: i },
      time: now.toISOString(),
    }),
    stepCount: 0,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  }))

function rssSampler() {
  let peak = process.memoryUsage.rss()
  const t = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50)
  return () => {
    clearInterval(t)
    return Math.max(peak, process.memoryUsage.rss())
  }
}

// ---- (a) steps per second --------------------------------------------------------------------
const a = await liveFlow([
  {
    temporary_id: 's',
    type: 'conditional-split',
    links: { next_if_true: 'e', next_if_false: 'e' },
    data: {
      profile_filter: {
        condition_groups: [
          {
            conditions: [
              {
                type: 'profile-property',
                property: "properties['tier']",
                filter: { type: 'string', operator: 'equals', value: 'gold' },
              },
            ],
          },
        ],
      },
    },
  },
  {
    temporary_id: 'e',
    type: 'send-email',
    links: { next: 'd' },
    data: { status: 'live', message: { subject_line: 'Hi', template_id: 'TplBench' } },
  },
  { temporary_id: 'd', type: 'time-delay', links: { next: 'm' }, data: { unit: 'minutes', value: 0 } },
  { temporary_id: 'm', type: 'send-sms', links: { next: null }, data: { status: 'live', message: { body: 'Hi' } } },
])
await insertChunks('FlowRun', runRows(a.id, a.def.entry_action_id!, RUNS, now, 'a'))
const t0 = performance.now()
const drained = await drainFlowRuns({ now: () => new Date(), workerId: 'bench', budgetMs: 3_600_000 })
const ms = performance.now() - t0
const steps = await db.flowStep.count({ where: { flowId: a.id } })
const sends = await db.send.count({ where: { companyId } })
if (steps !== RUNS * 4 || sends !== RUNS * 2)
  console.log(
    drained,
    await db.flowRun.groupBy({
      by: ['status', 'exitReason', 'attempts'],
      where: { flowId: a.id },
      _count: { _all: true },
    }),
  )
if (steps !== RUNS * 4 || sends !== RUNS * 2)
  throw new Error(`(a) expected ${RUNS * 4} steps and ${RUNS * 2} sends, got ${steps} and ${sends}`)
const stepsPerSec = (steps / ms) * 1000
console.log(
  `(a) ${fmtInt(steps)} steps in ${Math.round(ms)} ms: ${fmtInt(stepsPerSec)} steps/s (claimed ${drained.claimed} times in ${drained.batches} batches)`,
)

// Baseline: the bare FlowStep insert loop, one write transaction per insert, same count.
const base = await liveFlow([
  { temporary_id: 'x', type: 'time-delay', links: { next: null }, data: { unit: 'minutes', value: 0 } },
])
const b0 = performance.now()
for (let i = 0; i < steps; i++) {
  await inWriteTx(function* () {
    yield kysely()
      .insertInto('FlowStep')
      .values({
        companyId,
        flowId: base.id,
        runId: `base${i}`,
        actionId: 'x',
        actionType: 'time-delay',
        profileId: `PB${i % RUNS}`,
        status: 'done',
        outcome: null,
        detail: null,
        at: now,
        updatedAt: now,
      })
      .compile()
  } as never)
}
const bms = performance.now() - b0
const basePerSec = (steps / bms) * 1000
console.log(`(a) baseline: ${fmtInt(steps)} bare FlowStep inserts in ${Math.round(bms)} ms: ${fmtInt(basePerSec)}/s`)

// ---- (b) N waiting runs woken in the same minute ----------------------------------------------
const w = await liveFlow([
  { temporary_id: 'd', type: 'time-delay', links: { next: 'e' }, data: { unit: 'hours', value: 1 } },
  {
    temporary_id: 'e',
    type: 'send-email',
    links: { next: null },
    data: { status: 'live', message: { subject_line: 'Back', template_id: 'TplBench' } },
  },
])
const emailAction = w.def.actions[1]!.id!
const wakeMinute = new Date(Math.floor(Date.now() / 60_000) * 60_000)
// already past their delay: current action the email, all due within the same minute
const waiting = runRows(w.id, emailAction, WAITING, wakeMinute, 'w').map((r, i) => ({
  ...r,
  wakeAt: new Date(wakeMinute.getTime() + (i % 60) * 1000),
}))
await insertChunks('FlowRun', waiting)
const rssBefore = process.memoryUsage.rss()
const stop = rssSampler()
const w0 = performance.now()
const later = new Date(wakeMinute.getTime() + 60_000)
await drainFlowRuns({ now: () => later, workerId: 'bench', budgetMs: 3_600_000 })
const wms = performance.now() - w0
const peak = stop()
const done = await db.flowRun.count({ where: { flowId: w.id, status: 'completed' } })
if (done !== WAITING) throw new Error(`(b) ${done} of ${WAITING} runs completed`)
console.log(
  `(b) ${fmtInt(WAITING)} waiting runs drained in ${(wms / 1000).toFixed(1)} s (${fmtInt((WAITING / wms) * 1000)} runs/s); peak RSS ${Math.round(peak / 2 ** 20)} MB (before ${Math.round(rssBefore / 2 ** 20)} MB)`,
)
void advanceDueRuns

const rows: Row[] = [
  {
    figure: '(a)',
    what: 'flow steps/s at full speed (split, email, delay, SMS) vs bare FlowStep inserts',
    ours: `${fmtInt(stepsPerSec)}/s`,
    baseline: `${fmtInt(basePerSec)}/s`,
    ratio: stepsPerSec / basePerSec,
    target: ENGINE === 'sqlite' ? '≥ 1,000 steps/s' : undefined,
    met: ENGINE === 'sqlite' ? stepsPerSec >= 1000 : undefined,
  },
  {
    figure: '(b)',
    what: `${fmtInt(WAITING)} waiting runs woken in one minute: time to drain`,
    ours: `${(wms / 1000).toFixed(1)} s`,
    baseline: '',
    ratio: null,
  },
  {
    figure: '(b)',
    what: 'peak RSS while draining',
    ours: `${Math.round(peak / 2 ** 20)} MB`,
    baseline: '',
    ratio: null,
  },
]
report('flows', ENGINE, rows, { runs: RUNS, waiting: WAITING })
await db.$disconnect().catch(() => {})
await scratch.drop()
process.exit(0)
