// Benchmark (issue 25 §5), two figures of the conversations inbox:
// (1) inbound SMS webhooks at concurrency 32 through POST /webhooks/sms/inbound (number lookup,
//     Twilio signature, profile, Received SMS event, the conversation message and its unread
//     count, the automations' look) to a stored conversation message, per second, against a bare
//     handler of the same build that only checks the signature (POST /api/bench/sms-noop,
//     BENCH_ROUTES=1). Target: webhooks/s ≥ 0.5 × baseline req/s.
// (2) the inbox list (lib/inbox/list-conversations.ts, what GET /ajax/inbox/conversations runs)
//     over 100,000 conversations of one company with its filters, in this process: the median of
//     each filter set beside a bare indexed SELECT of the same page. Target: < 100 ms.
//
//   npx tsx bench/inbox.mts [--engine sqlite|postgres] [--quick] [--seconds 10] [--warmup 2] [--concurrency 32]
//        [--conversations 100000] [--runs 30] [--server next|handlers] [--worker inprocess|separate]
//
// --worker separate runs the job worker as its own process (scripts/worker.mts, as `npm run
// worker` beside a server started with ENABLE_INPROCESS_WORKER=0, the documented PostgreSQL
// deployment) instead of inside the server, which otherwise consumes the webhooks' events there.
//
// --server handlers (the default here) serves the two route handlers from a plain node:http
// server (bench/lib/handler-server-child.mts): no build needed. Prints `BENCH_RESULT {json}`.
import { randomBytes } from 'node:crypto'
import { arg, engineArg, fmtInt, fmtMs, machine, medianMs, report, root, scratchDatabase } from './lib/common.mjs'
import { closedLoop, phaseRow, requireBuild, startNextServer, type Phase } from './lib/next-server.mjs'
import { startWorkerProcess, stopWorkers } from './lib/worker-process.mjs'

const ENGINE = engineArg()
const SECONDS = arg('seconds', 10, 3)
const WARMUP = arg('warmup', 2, 1)
const CONCURRENCY = arg('concurrency', 32)
const CONVERSATIONS = arg('conversations', 100_000, 20_000)
const RUNS = arg('runs', 30, 10)
const WEBHOOK_TARGET = 0.5
const LIST_TARGET_MS = 100
const BASELINE_TOKEN = 'bench-sms-token'
const SERVER = process.argv.includes('--server') ? process.argv[process.argv.indexOf('--server') + 1] : 'handlers'
if (SERVER !== 'next' && SERVER !== 'handlers') throw new Error(`--server ${SERVER}: use next or handlers`)
const WORKER = process.argv.includes('--worker') ? process.argv[process.argv.indexOf('--worker') + 1] : 'inprocess'
if (WORKER !== 'inprocess' && WORKER !== 'separate') throw new Error(`--worker ${WORKER}: use inprocess or separate`)
process.chdir(root)
if (SERVER === 'next') requireBuild('bench/inbox.mts')

const scratch = await scratchDatabase(ENGINE, 'inbox')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'
process.env.SECRETS_KEY ??= randomBytes(32).toString('base64url')
process.env.APP_URL = 'https://bench-inbox.example.test'

const { db } = await import('@/lib/db/client')
const { inWriteTx, exec, read, select } = await import('@/lib/db/ops')
const { kysely } = await import('@/lib/db/kysely')
const { ulid } = await import('@/lib/ids/make-id')
const { saveSmsSettings, saveSmsSettingsBody } = await import('@/lib/messaging/sms/sms-settings')
const { twilioSignature } = await import('@/lib/messaging/sms/twilio-signature')
const { listConversations } = await import('@/lib/inbox/list-conversations')

// ---- (1) one company per loop with its own number and auth token ----
const accounts: Array<{ companyId: number; sid: string; token: string; number: string }> = []
for (let i = 0; i < CONCURRENCY; i++) {
  const co = await db.company.create({
    data: { name: `Inbox bench ${i}`, publicApiKey: `IB${String(i).padStart(4, '0')}` },
  })
  const sid = 'AC' + String(co.id).padStart(32, '0')
  const token = randomBytes(16).toString('hex')
  const number = `+1555300${String(i).padStart(4, '0')}`
  await saveSmsSettings(
    co.id,
    saveSmsSettingsBody.parse({ accountSid: sid, authToken: token, senderNumber: number, phoneNumbers: [number] }),
  )
  accounts.push({ companyId: co.id, sid, token, number })
}

const server = await startNextServer(
  scratch,
  CONCURRENCY,
  {
    ...(WORKER === 'separate' ? { ENABLE_INPROCESS_WORKER: '0' } : {}),
    BENCH_HANDLERS:
      '/webhooks/sms/inbound=app/webhooks/sms/inbound/route.ts,/api/bench/sms-noop=app/api/bench/sms-noop/route.ts',
  },
  SERVER === 'handlers'
    ? {
        cmd: process.execPath,
        // BENCH_CPU_PROF=<dir>: the server's CPU profile, written when it stops.
        args: [
          ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
          '--import',
          'tsx',
          'bench/lib/handler-server-child.mts',
        ],
      }
    : undefined,
)
const workers = WORKER === 'separate' ? [startWorkerProcess(scratch.url, 1)] : []
const stopAll = async () => {
  await stopWorkers(workers)
  await server.stop()
}

let seq = 0
function drive(target: 'noop' | 'webhook', seconds: number): Promise<Phase> {
  const pathName = target === 'noop' ? '/api/bench/sms-noop' : '/webhooks/sms/inbound'
  return closedLoop(CONCURRENCY, seconds, (loop) => {
    const a = accounts[loop]!
    const n = ++seq
    // 200 customers per company: most messages join an existing conversation, as replies do.
    const params = {
      MessageSid: `SM${String(n).padStart(32, '0')}`,
      AccountSid: a.sid,
      From: `+1444${String(loop).padStart(3, '0')}${String(n % 200).padStart(4, '0')}`,
      To: a.number,
      Body: `Does this come in blue? (${n})`,
      NumMedia: '0',
    }
    const token = target === 'noop' ? BASELINE_TOKEN : a.token
    return server.request('POST', pathName, new URLSearchParams(params).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, process.env.APP_URL + pathName, params),
    })
  })
}

// ---- (2) 100,000 conversations of one company, loaded in multi-row inserts ----
async function loadList(): Promise<{ companyId: number; userId: number }> {
  const co = await db.company.create({ data: { name: 'Inbox list bench', publicApiKey: 'IBLIST' } })
  const users = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      db.user.create({ data: { email: `agent-${i}-${co.id}@bench.test`, passwordHash: 'x', firstName: `Agent ${i}` } }),
    ),
  )
  await db.membership.createMany({ data: users.map((u) => ({ userId: u.id, companyId: co.id, role: 'support' })) })
  const t0 = Date.now() - CONVERSATIONS * 60_000
  const CHUNK = 500
  for (let start = 0; start < CONVERSATIONS; start += CHUNK) {
    const n = Math.min(CHUNK, CONVERSATIONS - start)
    const profiles = Array.from({ length: n }, (_, k) => {
      const i = start + k
      return {
        id: ulid(t0 + i),
        companyId: co.id,
        email: `shopper${i}@bench.test`,
        phoneNumber: `+1666${String(i).padStart(7, '0')}`,
        firstName: `Shopper${i}`,
        lastName: 'Bench',
        createdAt: new Date(t0),
        updatedAt: new Date(t0),
      }
    })
    await db.profile.createMany({ data: profiles })
    const channels = ['sms', 'sms', 'sms', 'whatsapp', 'email', 'chat'] as const
    await inWriteTx(function* () {
      const rows = yield* select(
        kysely()
          .insertInto('Conversation')
          .values(
            profiles.map((p, k) => {
              const i = start + k
              const at = new Date(t0 + i * 60_000)
              return {
                companyId: co.id,
                profileId: p.id,
                channel: channels[i % channels.length]!,
                status: i % 10 < 7 ? 'closed' : i % 10 < 9 ? 'open' : 'snoozed',
                snoozedUntil: i % 10 === 9 ? new Date(Date.now() + 86_400_000) : null,
                assigneeUserId: i % 3 === 0 ? users[i % users.length]!.id : null,
                unreadCount: i % 7 === 0 ? 1 + (i % 3) : 0,
                lastMessageAt: at,
                lastMessagePreview: `Question ${i} about my order`,
                createdAt: at,
                updatedAt: at,
              }
            }),
          )
          .returning(['id', 'createdAt']),
      )
      yield* exec(
        kysely()
          .insertInto('ConversationMessage')
          .values(
            rows.map((r, k) => ({
              companyId: co.id,
              conversationId: r.id,
              channel: 'sms',
              direction: 'in',
              kind: 'message',
              body: `Question ${start + k} about my order`,
              providerMessageId: `list-${start + k}`,
              createdAt: new Date(t0 + (start + k) * 60_000),
            })),
          ),
      )
    })
  }
  return { companyId: co.id, userId: users[0]!.id }
}

async function countMessages(): Promise<number> {
  const rows = await read(
    select(
      kysely()
        .selectFrom('ConversationMessage')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(
          'companyId',
          'in',
          accounts.map((a) => a.companyId),
        ),
    ),
  )
  return Number(rows[0]?.n ?? 0)
}

try {
  console.log(
    `Inbox on ${ENGINE} (${SERVER === 'next' ? 'next start' : 'route handlers on node:http'}, worker ${WORKER === 'separate' ? 'in its own process' : 'in the server'}): POST /webhooks/sms/inbound vs a bare signature-checking handler, concurrency ${CONCURRENCY}, ${SECONDS} s each after ${WARMUP} s warm-up; the list over ${fmtInt(CONVERSATIONS)} conversations, median of ${RUNS}`,
  )
  console.log(`Machine: ${machine()}`)
  if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
  await server.waitUntilUp()
  for (const w of workers) await w.ready
  const results: Record<string, Phase> = {}
  for (const target of ['noop', 'webhook'] as const) {
    await drive(target, WARMUP)
    const before = target === 'webhook' ? await countMessages() : 0
    results[target] = await drive(target, SECONDS)
    if (target === 'webhook') (results.webhook as Phase & { stored?: number }).stored = (await countMessages()) - before
  }
  console.log('')
  console.log('                                         req/s   p50 ms   p99 ms   statuses')
  const noop = phaseRow('POST /api/bench/sms-noop', results.noop!)
  const hook = phaseRow('POST /webhooks/sms/inbound', results.webhook!)
  const stored = (results.webhook as Phase & { stored?: number }).stored ?? 0
  const accepted = results.webhook!.statuses.get(200) ?? 0
  const ratio = hook.rate / noop.rate
  const allStored = stored === accepted && accepted === results.webhook!.requests
  console.log(
    `  ratio ${ratio.toFixed(2)}   target ≥ ${WEBHOOK_TARGET}: ${ratio >= WEBHOOK_TARGET ? 'met' : 'NOT met'}   ${fmtInt(stored)} conversation messages stored for ${fmtInt(accepted)} answered 200${allStored ? '' : '   (WARNING: not one stored message per request)'}`,
  )

  if (process.argv.includes('--webhooks-only')) {
    await stopAll()
    process.exit(0)
  }
  const loadStart = performance.now()
  const { companyId, userId } = await loadList()
  console.log(
    `\n  loaded ${fmtInt(CONVERSATIONS)} conversations in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  )
  const cases: Array<[string, Parameters<typeof listConversations>[2]]> = [
    ['all', {}],
    ['open', { status: 'open' }],
    ['open, assigned to me', { status: 'open', assigned: 'me' }],
    ['unassigned, unread', { assigned: 'unassigned', unread: '1' }],
    ['whatsapp, closed', { channel: 'whatsapp', status: 'closed' }],
    ['search a name', { q: `Shopper${CONVERSATIONS - 17}` }],
    ['search message text', { q: `Question ${CONVERSATIONS - 500} about` }],
  ]
  const bare = await medianMs(
    () =>
      read(
        select(
          kysely()
            .selectFrom('Conversation')
            .selectAll()
            .where('companyId', '=', companyId)
            .where('status', '=', 'open')
            .orderBy('lastMessageAt', 'desc')
            .limit(26),
        ),
      ),
    RUNS,
  )
  console.log(
    `\n  list filter                        median ms   (bare indexed SELECT of an open page: ${fmtMs(bare)})`,
  )
  const figures: Array<{ name: string; ms: number; rows: number }> = []
  for (const [name, q] of cases) {
    const rows = (await listConversations(companyId, userId, q)).conversations.length
    const ms = await medianMs(() => listConversations(companyId, userId, q), RUNS)
    figures.push({ name, ms, rows })
    console.log(
      `  ${name.padEnd(34)} ${fmtMs(ms).padStart(10)}   ${rows} rows   ${ms < LIST_TARGET_MS ? 'met' : 'NOT met'}`,
    )
  }
  const worst = Math.max(...figures.map((f) => f.ms))
  report(
    'inbox',
    ENGINE,
    [
      {
        figure: '25 §5 (1)',
        what: `inbound SMS webhooks to a stored conversation message, concurrency ${CONCURRENCY}, ${SECONDS} s${SERVER === 'handlers' ? ' (handlers on node:http, no Next.js)' : ''}${WORKER === 'separate' ? ', worker in its own process' : ''}`,
        ours: `${fmtInt(hook.rate)} req/s (p99 ${fmtMs(hook.p99)})`,
        baseline: `${fmtInt(noop.rate)} req/s`,
        ratio: Number(ratio.toFixed(3)),
        target: `≥ ${WEBHOOK_TARGET}`,
        met: ratio >= WEBHOOK_TARGET && allStored,
      },
      {
        figure: '25 §5 (2)',
        what: `inbox list over ${fmtInt(CONVERSATIONS)} conversations, worst of ${figures.length} filter sets (median of ${RUNS})`,
        ours: fmtMs(worst),
        baseline: `bare SELECT ${fmtMs(bare)}`,
        ratio: null,
        target: `< ${LIST_TARGET_MS} ms`,
        met: worst < LIST_TARGET_MS,
      },
    ],
    {
      server: SERVER,
      worker: WORKER,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      stored,
      baseline: { reqPerSec: Math.round(noop.rate), p50Ms: +noop.p50.toFixed(2), p99Ms: +noop.p99.toFixed(2) },
      webhooks: { reqPerSec: Math.round(hook.rate), p50Ms: +hook.p50.toFixed(2), p99Ms: +hook.p99.toFixed(2) },
      list: Object.fromEntries(figures.map((f) => [f.name, +f.ms.toFixed(2)])),
    },
  )
  // Stops the idle server (and worker) and drops the scratch database.
  await stopAll()
} catch (e) {
  console.error(e instanceof Error ? e.stack : e)
  await stopAll()
  process.exit(1)
}
