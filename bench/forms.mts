// Benchmark of the signup forms (issue 20 §6), on one engine. Needs a production build (.next).
//
//   npx tsx bench/forms.mts [--engine sqlite|postgres] [--quick] [--seconds 10] [--warmup 2] [--concurrency 32] [--loads 5]
//
// (f1) Form submissions: POST /client/subscriptions (what a form's submit sends: a profile with
//      email consent to a list), closed loop at concurrency 32, each loop its own company and
//      list, against the bare 202 handler of the same build (POST /api/bench/noop). Target on
//      SQLite: ratio ≥ 0.5 (PostgreSQL: reported).
// (f2) The onsite script as served (/onsite/js/klaviyo.js: loader, tracking and the forms
//      module), gzipped, against the issue's budget of 30 KB.
// (f3) The demo storefront page with a live popup that shows at once, in Chromium over the
//      loopback: time from the page's load event to the popup's dialog in the DOM (median of
//      --loads fresh browser contexts), beside the page's own load time. Target < 300 ms. Measured
//      before (f1), while the server is at rest.
import zlib from 'node:zlib'
import { chromium } from '@playwright/test'
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase, type Row } from './lib/common.mjs'
import { closedLoop, phaseRow, requireBuild, startNextServer } from './lib/next-server.mjs'

const ENGINE = engineArg()
const SECONDS = arg('seconds', 10, 3)
const WARMUP = arg('warmup', 2, 1)
const CONCURRENCY = arg('concurrency', 32)
const LOADS = arg('loads', 5, 3)
const SUBMIT_TARGET = 0.5
const SIZE_BUDGET_KB = 30
const POPUP_TARGET_MS = 300
process.chdir(root)
requireBuild('bench/forms.mts')

// ---- scratch database: a company and a list per loop, a live popup on the first company ----
const scratch = await scratchDatabase(ENGINE, 'forms')
process.env.DATABASE_URL = scratch.url
const { db } = await import('@/lib/db/client')
const { createList } = await import('@/lib/groups/create-list')
const { createForm } = await import('@/lib/forms/store/create-form')
const { publishForm } = await import('@/lib/forms/store/publish-form')
const { findTemplate } = await import('@/lib/forms/templates/form-templates')

const tenants: Array<{ key: string; listId: string }> = []
for (let i = 0; i < CONCURRENCY; i++) {
  const key = `BF${String(i).padStart(4, '0')}`
  const company = await db.company.create({ data: { name: `Bench store ${i}`, publicApiKey: key } })
  const list = await createList(company.id, { name: 'Newsletter', optInProcess: 'single_opt_in' })
  tenants.push({ key, listId: list.id })
}
const first = await db.company.findUniqueOrThrow({ where: { publicApiKey: tenants[0]!.key } })
const popup = findTemplate('discount_popup')!.build({ listId: tenants[0]!.listId, companyName: first.name }) as Record<
  string,
  unknown
>
popup.triggers = [{ type: 'delay', properties: { seconds: 0 } }]
const form = await createForm(first.id, { name: 'Bench popup', versions: [{ definition: popup }] })
await publishForm(first.id, form.id)
await db.$disconnect()

const server = await startNextServer(scratch, CONCURRENCY)
const base = `http://127.0.0.1:${server.port}`

function subscription(loop: number, n: number): string {
  return JSON.stringify({
    data: {
      type: 'subscription',
      attributes: {
        custom_source: 'Bench popup',
        profile: {
          data: {
            type: 'profile',
            attributes: {
              email: `visitor-${loop}-${n}@example.test`,
              subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } },
            },
          },
        },
      },
      relationships: { list: { data: { type: 'list', id: tenants[loop]!.listId } } },
    },
  })
}

// Runs in the page before its scripts. A string, not a function: tsx compiles this file with
// esbuild's keepNames, which wraps named functions in a `__name(…)` helper that exists only in
// Node, so a serialized function threw in the page before it started watching (the popup was
// on screen; the benchmark never saw it). Polled each frame: the dialog is built inside a shadow
// root, which a document-level MutationObserver does not see.
const WATCH_POPUP = `(() => {
  const w = window
  w.__bench = {}
  addEventListener('load', () => { w.__bench.load = performance.now() })
  const seen = () => [...document.querySelectorAll('[data-klaviyo-form]')].some((h) => h.shadowRoot && h.shadowRoot.querySelector('[role="dialog"]'))
  const frame = () => { if (seen()) w.__bench.popup = performance.now(); else requestAnimationFrame(frame) }
  requestAnimationFrame(frame)
})()`

async function popupTiming(): Promise<{ loadMs: number; popupMs: number }[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  const out: { loadMs: number; popupMs: number }[] = []
  try {
    for (let i = 0; i < LOADS + 1; i++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      // Before any page script: note when the load event fires and when a form's dialog appears.
      await page.addInitScript({ content: WATCH_POPUP })
      const pageErrors: string[] = []
      page.on('pageerror', (e) => pageErrors.push(e.message))
      await page.goto(`${base}/storefront-demo?company_id=${tenants[0]!.key}`)
      await page
        .waitForFunction(
          () => (window as unknown as { __bench: { popup?: number } }).__bench.popup !== undefined,
          null,
          { timeout: 15_000 },
        )
        .catch((e: Error) => {
          throw new Error(`${e.message}${pageErrors.length ? ` (errors in the page: ${pageErrors.join('; ')})` : ''}`)
        })
      const t = await page.evaluate(() => (window as unknown as { __bench: { load: number; popup: number } }).__bench)
      if (i > 0) out.push({ loadMs: t.load, popupMs: t.popup - t.load }) // the first load warms the server's caches
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return out
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

try {
  console.log(
    `Bench forms on ${ENGINE}: submissions at concurrency ${CONCURRENCY}, ${SECONDS} s each after ${WARMUP} s warm-up; the script's size; popup timing over ${LOADS} loads`,
  )
  console.log(`Machine: ${machine()}`)
  if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
  await server.waitUntilUp()
  // (f3) first, on a server at rest: after (f1) the in-process worker drains a backlog of some
  // thousand subscription jobs for a while, and the popup timings measured that backlog instead.
  const timings = await popupTiming()
  const load = median(timings.map((t) => t.loadMs))
  const popupMs = median(timings.map((t) => t.popupMs))

  const phases = {
    noop: null as Awaited<ReturnType<typeof closedLoop>> | null,
    submit: null as Awaited<ReturnType<typeof closedLoop>> | null,
  }
  const noopSend = () => server.request('POST', '/api/bench/noop', '{}', { 'content-type': 'application/json' })
  const submitSend = (loop: number, n: number) =>
    server.request('POST', `/client/subscriptions?company_id=${tenants[loop]!.key}`, subscription(loop, n), {
      'content-type': 'application/json',
      revision: '2026-07-15',
      origin: 'https://shop.example',
    })
  await closedLoop(CONCURRENCY, WARMUP, noopSend)
  phases.noop = await closedLoop(CONCURRENCY, SECONDS, noopSend)
  await closedLoop(CONCURRENCY, WARMUP, (loop, n) => submitSend(loop, n + 1e6))
  phases.submit = await closedLoop(CONCURRENCY, SECONDS, submitSend)
  console.log('')
  console.log('                                          req/s   p50 ms   p99 ms   statuses')
  const noop = phaseRow('POST /api/bench/noop (baseline)', phases.noop)
  const submit = phaseRow('POST /client/subscriptions', phases.submit)
  const ratio = submit.rate / noop.rate
  const all202 = (phases.submit.statuses.get(202) ?? 0) === phases.submit.requests && phases.submit.errors === 0
  console.log(
    `  ratio ${ratio.toFixed(2)}   ${ENGINE === 'sqlite' ? `target ≥ ${SUBMIT_TARGET}: ${ratio >= SUBMIT_TARGET ? 'met' : 'NOT met'}` : '(reported)'}${all202 ? '' : '   (WARNING: not every submission answered 202)'}`,
  )

  const script = Buffer.from(
    await (await fetch(`${base}/onsite/js/klaviyo.js?company_id=${tenants[0]!.key}`)).arrayBuffer(),
  )
  const gzKb = zlib.gzipSync(script, { level: 9 }).length / 1024
  console.log(
    `\n  /onsite/js/klaviyo.js: ${(script.length / 1024).toFixed(1)} KB, ${gzKb.toFixed(1)} KB gzipped (budget ${SIZE_BUDGET_KB} KB)`,
  )

  console.log(
    `  storefront page load ${fmtMs(load)} (median); popup ${fmtMs(popupMs)} after load (median of ${timings.length}: ${timings.map((t) => Math.round(t.popupMs)).join(', ')} ms), target < ${POPUP_TARGET_MS} ms`,
  )

  const rows: Row[] = [
    {
      figure: '(f1)',
      what: `POST /client/subscriptions (form submit), concurrency ${CONCURRENCY}, ${SECONDS} s`,
      ours: `${fmtInt(submit.rate)} req/s (p99 ${fmtMs(submit.p99)})`,
      baseline: `${fmtInt(noop.rate)} req/s`,
      ratio: Number(ratio.toFixed(3)),
      ...(ENGINE === 'sqlite'
        ? { target: `≥ ${SUBMIT_TARGET}`, met: ratio >= SUBMIT_TARGET && all202 }
        : all202
          ? {}
          : { met: false }),
    },
    {
      figure: '(f2)',
      what: 'onsite script, gzipped',
      ours: `${gzKb.toFixed(1)} KB`,
      baseline: `${SIZE_BUDGET_KB} KB budget`,
      ratio: Number((SIZE_BUDGET_KB / gzKb).toFixed(2)),
      target: `< ${SIZE_BUDGET_KB} KB`,
      met: gzKb < SIZE_BUDGET_KB,
    },
    {
      figure: '(f3)',
      what: 'popup shown after the load event (Chromium, loopback)',
      ours: fmtMs(popupMs),
      baseline: `page load ${fmtMs(load)}`,
      ratio: Number((load / popupMs).toFixed(2)),
      target: `< ${POPUP_TARGET_MS} ms`,
      met: popupMs < POPUP_TARGET_MS,
    },
  ]
  report('forms', ENGINE, rows, {
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    scriptBytes: script.length,
    gzipBytes: Math.round(gzKb * 1024),
    popupMs: timings,
  })
  await server.stop()
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  await server.stop()
  process.exit(1)
}
