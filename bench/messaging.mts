// Email through the whole send pipeline (issue 8 §7): emails per minute from createSends (one
// campaign decision for N profiles) through the delivery worker (claim with the policy, render
// per profile, SMTP, record the outcome and the Received Email event) to a local SMTP sink,
// against a bare pooled nodemailer loop sending the same pre-rendered messages to the same sink
// in the same run; and the worker's peak RSS while it sends them all.
//
//   npx tsx bench/messaging.mts [--engine sqlite|postgres] [--quick] [--count 100000]
//
// Three processes: this one (scratch database, profiles, the SMTP sink, createSends, timing),
// the worker (`--role worker`: the app's job handlers, runJobsUntilIdle, its RSS sampled every
// 50 ms) and the baseline (`--role baseline`: nodemailer with the same pool settings as the app,
// SMTP_POOL_CONNECTIONS connections (10 by default), a window of messages in flight). Both senders run in their own process so
// both share the machine with the same sink the same way.
// Targets: ratio ≥ 0.6, ≥ 50,000 emails/min, worker peak RSS < 300 MB. Prints `BENCH_RESULT {json}`.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import { arg, engineArg, fmtInt, machine, pgLoad, report, root, scratchDatabase } from './lib/common.mjs'
import { openRaw } from './lib/raw.mjs'

const ROLE = (() => {
  const i = process.argv.indexOf('--role')
  return i > 0 ? process.argv[i + 1] : 'main'
})()
const self = fileURLToPath(import.meta.url)

interface PlainMail {
  from: string
  to: string
  replyTo?: string
  subject: string
  html?: string
  text: string
  messageId: string
  headers: Record<string, string>
}
type ToChild = { go: true; count?: number; pool?: PlainMail[]; window?: number }
type FromChild =
  | { ready: true; rss?: number }
  | { done: true; ms: number; peakRss: number; sent?: number; failed?: number; jobs?: number; cpuMs?: number }

/** Samples RSS every 100 ms; at the end, the peak (and, with BENCH_MEMORY=1, what it was made of, on stderr). */
function rssSampler() {
  let peak = process.memoryUsage()
  const t = setInterval(() => {
    const m = process.memoryUsage()
    if (m.rss > peak.rss) peak = m
  }, 100)
  return () => {
    clearInterval(t)
    const m = process.memoryUsage()
    if (m.rss > peak.rss) peak = m
    const mb = (n: number) => Math.round(n / 2 ** 20)
    if (process.env.BENCH_MEMORY)
      console.error(
        `  [${ROLE}] at peak RSS ${mb(peak.rss)} MB: heap ${mb(peak.heapUsed)} used of ${mb(peak.heapTotal)} MB, external ${mb(peak.external)} MB (array buffers ${mb(peak.arrayBuffers)} MB)`,
      )
    return peak.rss
  }
}

// ---------------------------------------------------------------- worker: the app's delivery worker
if (ROLE === 'worker') {
  process.chdir(root)
  const { registerJobHandlers } = await import('@/lib/server/job-handlers')
  const { runJobsUntilIdle } = await import('@/lib/jobs/queue')
  registerJobHandlers()
  process.on('message', async () => {
    const stop = rssSampler()
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    const jobs = await runJobsUntilIdle()
    const ms = performance.now() - t0
    const cpu = process.cpuUsage(cpu0)
    process.send!(
      { done: true, ms, peakRss: stop(), jobs, cpuMs: (cpu.user + cpu.system) / 1000 } satisfies FromChild,
      () => process.exit(0),
    )
  })
  process.send!({ ready: true, rss: process.memoryUsage.rss() } satisfies FromChild)
}

// ---------------------------------------------------------------- baseline: bare pooled nodemailer
if (ROLE === 'baseline') {
  const nodemailer = (await import('nodemailer')).default
  const t = nodemailer.createTransport({
    url: process.env.SMTP_URL!,
    pool: true,
    maxConnections: Number(process.env.SMTP_POOL_CONNECTIONS) || 10,
    maxMessages: 100,
  })
  process.on('message', async (m: ToChild) => {
    const pool = m.pool!
    const count = m.count!
    const stop = rssSampler()
    let next = 0
    let sent = 0
    let failed = 0
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    const lane = async () => {
      while (next < count) {
        const i = next++
        const p = pool[i % pool.length]!
        try {
          await t.sendMail({ ...p, to: `b${i}@sink.test`, messageId: `<b${i}@bench.test>` })
          sent++
        } catch {
          failed++
        }
      }
    }
    await Promise.all(Array.from({ length: m.window ?? 10 }, lane))
    const ms = performance.now() - t0
    const cpu = process.cpuUsage(cpu0)
    t.close()
    process.send!(
      { done: true, ms, peakRss: stop(), sent, failed, cpuMs: (cpu.user + cpu.system) / 1000 } satisfies FromChild,
      () => process.exit(0),
    )
  })
  process.send!({ ready: true } satisfies FromChild)
}

// ---------------------------------------------------------------- main
if (ROLE === 'main') {
  const ENGINE = engineArg()
  const COUNT = arg('count', 100_000, 5_000)
  const POOL = 1_000
  process.chdir(root)

  const scratch = await scratchDatabase(ENGINE, 'messaging')
  process.env.DATABASE_URL = scratch.url
  delete process.env.MAIL_FROM
  process.env.APP_URL = 'https://shop.bench.test'
  const raw = await openRaw(scratch)

  console.log(
    `Bench messaging on ${ENGINE}: ${fmtInt(COUNT)} emails through the pipeline, and through bare pooled nodemailer`,
  )
  console.log(`Machine: ${machine()}`)
  if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)

  // ---- the SMTP sink: counts and discards (both senders go to it) ----
  const { SMTPServer } = await import('smtp-server')
  let received = 0
  let receivedBytes = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 50,
    onData(stream, _session, cb) {
      stream.on('data', (c: Buffer) => (receivedBytes += c.length))
      stream.on('end', () => {
        received++
        cb()
      })
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`

  // ---- data: one company, COUNT profiles with an email, names and a city ----
  const now = new Date()
  await raw.run(
    `INSERT INTO "Company" ("name", "publicApiKey", "updatedAt", "websiteUrl", "addressLine1", "city", "postalCode", "country") VALUES ('Demo Store', 'BENCH1', ?, 'https://shop.bench.test', '1 Main St', 'Springfield', '62701', 'US')`,
    [now],
  )
  const COMPANY = 1
  const { ulid } = await import('@/lib/ids/make-id')
  const cities = ['Springfield', 'Portland', 'Austin', null]
  const profiles: unknown[][] = []
  for (let i = 0; i < COUNT; i++) {
    profiles.push([
      ulid(now.getTime() - 86_400_000),
      COMPANY,
      `c${i}@sink.test`,
      i % 10 ? `Customer${i}` : null,
      'Smith',
      cities[i % 4],
      JSON.stringify({ tier: i % 3 ? 'silver' : 'gold', points: i % 1000 }),
      now,
      now,
    ])
  }
  const cols: Array<[string, string]> = [
    ['id', 'text'],
    ['companyId', 'int'],
    ['email', 'text'],
    ['firstName', 'text'],
    ['lastName', 'text'],
    ['city', 'text'],
    ['properties', 'text'],
    ['createdAt', 'timestamp'],
    ['updatedAt', 'timestamp'],
  ]
  if (ENGINE === 'postgres') await pgLoad(raw.pg!, 'Profile', cols, profiles)
  else {
    const ins = raw.sqlite!.prepare(
      `INSERT INTO "Profile" (${cols.map(([c]) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    )
    const iso = (d: unknown) => (d instanceof Date ? d.toISOString().replace('Z', '+00:00') : d)
    raw.sqlite!.transaction(() => {
      for (const p of profiles) ins.run(...p.map(iso))
    })()
  }
  const profileIds = profiles.map((p) => p[0] as string)
  profiles.length = 0

  const content = {
    subject: 'Spring picks for you, {{ first_name|default:"friend" }}',
    fromEmail: 'news@shop.bench.test',
    fromName: 'Demo Store',
    html: `<!doctype html><html><head><meta charset="utf-8"><title>Spring picks</title></head><body>
<table width="600" align="center" cellpadding="0" cellspacing="0"><tr><td><img src="https://shop.bench.test/logo.png" alt="Demo Store" width="160"></td></tr>
<tr><td><h1>Hello {{ person.first_name|default:"friend" }} {{ last_name }},</h1>
<p>As a {{ person.tier|title }} member with {{ person.points }} point{{ person.points|pluralize }}, these are for you{% if city %} in {{ city }}{% endif %}:</p></td></tr>
{% for p in products %}<tr><td><a href="https://shop.bench.test/p/{{ p.id }}">{{ p.name|truncatechars:30 }}</a> – {{ p.price|floatformat:2 }}</td></tr>{% endfor %}
<tr><td><p><a href="https://shop.bench.test/sale?src=email">Shop the sale</a></p>
<p style="font-size:12px;color:#777">{{ organization.name }} · {{ organization.full_address }} · <a href="{% unsubscribe %}">Unsubscribe</a></p></td></tr></table></body></html>`,
  }
  const products = [
    { id: 1, name: 'Tea <Earl Grey>', price: 4.5 },
    { id: 2, name: 'Café crème mug', price: 12 },
    { id: 3, name: 'Kettle', price: 39.99 },
    { id: 4, name: 'Biscuits & jam', price: 6.25 },
  ]

  function child(
    role: string,
    env: Record<string, string>,
  ): Promise<{ proc: ChildProcess; next: () => Promise<FromChild>; readyRss: number }> {
    const prof =
      process.env.BENCH_CPU_PROF && role === 'worker'
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []
    // The worker runs with the heap limit `npm run worker` gives it (package.json), so V8 collects before RSS grows.
    const heap = role === 'worker' ? ['--max-old-space-size=256', '--max-semi-space-size=4'] : []
    // …and glibc's malloc arenas capped as `npm run worker` does (MALLOC_ARENA_MAX=2: fewer, fuller arenas, less RSS).
    const arenas = role === 'worker' ? { MALLOC_ARENA_MAX: '2' } : {}
    const proc = spawn(process.execPath, [...prof, ...heap, '--import', 'tsx', self, '--role', role], {
      cwd: root,
      env: { ...process.env, ...env, ...arenas },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const queue: FromChild[] = []
    const waiting: Array<(m: FromChild) => void> = []
    proc.on('message', (m: FromChild) => (waiting.length ? waiting.shift()!(m) : queue.push(m)))
    const next = () =>
      new Promise<FromChild>((resolve, reject) => {
        if (queue.length) return resolve(queue.shift()!)
        waiting.push(resolve)
        proc.once('exit', (code) => code && reject(new Error(`${role} exited ${code}`)))
      })
    return next().then((ready) => ({ proc, next, readyRss: 'rss' in ready ? (ready.rss ?? 0) : 0 }))
  }

  // ---- pipeline: createSends here (timed), the worker process delivers ----
  const env = {
    DATABASE_URL: scratch.url,
    SMTP_URL: smtpUrl,
    APP_URL: process.env.APP_URL!,
    ENABLE_INPROCESS_WORKER: '0',
    NODE_ENV: 'production',
  }
  const worker = await child('worker', env)
  const { createSends } = await import('@/lib/messaging/create-sends')
  const sourceId = ulid()
  received = 0
  const t0 = performance.now()
  const sinkCpu0 = process.cpuUsage()
  await createSends({
    companyId: COMPANY,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    content,
    recipients: profileIds.map((profileId) => ({ profileId, context: { products } })),
  })
  const tCreated = performance.now()
  worker.proc.send({ go: true } satisfies ToChild)
  const w = (await worker.next()) as Extract<FromChild, { done: true }>
  const tDone = performance.now()
  const sinkCpuPipeline = process.cpuUsage(sinkCpu0)
  const pipelineReceived = received
  const statuses = await raw.all<{ status: string; n: number }>(
    `SELECT "status", COUNT(*) AS n FROM "Send" GROUP BY "status"`,
  )
  const events = await raw.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "Event"`)
  const pipelineMs = tDone - t0
  const pipelinePerMin = (pipelineReceived / pipelineMs) * 60_000

  // ---- baseline: the same rendered messages (the pipeline's own rendering, done beforehand) ----
  const { renderEmail } = await import('@/lib/messaging/render-email')
  const company = {
    id: COMPANY,
    name: 'Demo Store',
    timezone: 'UTC',
    currency: 'USD',
    websiteUrl: 'https://shop.bench.test',
    addressLine1: '1 Main St',
    addressLine2: null,
    city: 'Springfield',
    addressRegion: null,
    postalCode: '62701',
    country: 'US',
  }
  const pool: PlainMail[] = []
  const rows = await raw.all<Record<string, unknown>>(
    `SELECT "id", "email", "firstName", "lastName", "city", "properties" FROM "Profile" ORDER BY "id" LIMIT ${POOL}`,
  )
  for (const r of rows) {
    const m = renderEmail(
      {
        id: ulid(),
        companyId: COMPANY,
        channel: 'email',
        sourceType: 'campaign_message',
        sourceId,
        transactional: false,
        attempts: 1,
        content,
        context: { products },
        company,
        profile: {
          id: r.id as string,
          email: r.email as string,
          phoneNumber: null,
          externalId: null,
          firstName: r.firstName as string | null,
          lastName: r.lastName as string | null,
          organization: null,
          title: null,
          city: r.city as string | null,
          region: null,
          country: null,
          zip: null,
          timezone: null,
          locale: null,
          properties: r.properties as string,
        },
      },
      now,
    )
    pool.push({ ...m })
  }
  const base = await child('baseline', { SMTP_URL: smtpUrl })
  received = 0
  const sinkCpu1 = process.cpuUsage()
  base.proc.send({ go: true, count: COUNT, pool, window: 10 } satisfies ToChild)
  const b = (await base.next()) as Extract<FromChild, { done: true }>
  const baselineReceived = received
  const sinkCpuBaseline = process.cpuUsage(sinkCpu1)
  const cpuS = (u: { user: number; system: number }) => ((u.user + u.system) / 1e6).toFixed(1)
  const baselinePerMin = (baselineReceived / b.ms) * 60_000

  const ratio = pipelinePerMin / baselinePerMin
  const mb = (n: number) => `${Math.round(n / 2 ** 20)} MB`
  console.log(
    `Pipeline: ${fmtInt(pipelineReceived)} received in ${(pipelineMs / 1000).toFixed(1)} s (createSends ${((tCreated - t0) / 1000).toFixed(1)} s, worker ${(w.ms / 1000).toFixed(1)} s, ${w.jobs} job runs): ${fmtInt(pipelinePerMin)} emails/min; worker peak RSS ${mb(w.peakRss)} (${mb(worker.readyRss)} loaded and idle)`,
  )
  console.log(
    `  Send statuses: ${statuses.map((s) => `${s.status} ${fmtInt(Number(s.n))}`).join(', ')}; events ${fmtInt(Number(events?.n ?? 0))}`,
  )
  console.log(
    `Baseline (bare pooled nodemailer, ${Number(process.env.SMTP_POOL_CONNECTIONS) || 10} connections, 10 in flight): ${fmtInt(baselineReceived)} in ${(b.ms / 1000).toFixed(1)} s: ${fmtInt(baselinePerMin)} emails/min; peak RSS ${mb(b.peakRss)}`,
  )
  console.log(
    `CPU: pipeline worker ${((w.cpuMs ?? 0) / 1000).toFixed(1)} s in ${(w.ms / 1000).toFixed(1)} s, sink (this process, createSends included) ${cpuS(sinkCpuPipeline)} s; baseline sender ${((b.cpuMs ?? 0) / 1000).toFixed(1)} s in ${(b.ms / 1000).toFixed(1)} s, sink ${cpuS(sinkCpuBaseline)} s`,
  )
  console.log(
    `Ratio ${ratio.toFixed(2)} (target ≥ 0.6); ${fmtInt(pipelinePerMin)}/min (target ≥ 50,000); worker RSS ${mb(w.peakRss)} (target < 300 MB); sink ${fmtInt(receivedBytes / Math.max(1, pipelineReceived + baselineReceived))} bytes/mail`,
  )

  const sentOk = pipelineReceived === COUNT && Number(statuses.find((s) => s.status === 'sent')?.n ?? 0) === COUNT
  report(
    'messaging',
    ENGINE,
    [
      {
        figure: '(m)',
        what: 'emails/min, pipeline vs bare nodemailer',
        ours: fmtInt(pipelinePerMin),
        baseline: fmtInt(baselinePerMin),
        ratio,
        target: '≥ 0.6 and ≥ 50,000/min',
        met: sentOk && ratio >= 0.6 && pipelinePerMin >= 50_000,
      },
      {
        figure: '(m) RSS',
        what: `worker peak RSS sending ${fmtInt(COUNT)}`,
        ours: mb(w.peakRss),
        baseline: mb(b.peakRss),
        ratio: null,
        target: '< 300 MB',
        met: w.peakRss < 300 * 2 ** 20,
      },
    ],
    {
      count: COUNT,
      workerIdleRss: worker.readyRss,
      pipelineMs,
      baselineMs: b.ms,
      createSendsMs: tCreated - t0,
      workerMs: w.ms,
    },
  )

  await raw.close()
  await new Promise<void>((r) => server.close(() => r()))
  await scratch.drop()
  process.exit(0)
}
