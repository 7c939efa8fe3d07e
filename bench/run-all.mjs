// Runs every benchmark (bench/*.mts) in turn with tsx and prints a summary.
//
//   npm run bench                 all of them
//   npm run bench -- ingest       only those whose file name contains "ingest"
//
// A benchmark prints its own figures beside its baseline; when it ends with a line
// `BENCH_RESULT {json}` the summary shows that JSON's `met` (true/false) and its `summary` text,
// or else its ratio and target. Each one runs
// in its own process, one at a time, so they never compete for the CPU.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const benchDir = path.join(root, 'bench')
const tsx = path.join(root, 'node_modules/.bin/tsx')
const filters = process.argv.slice(2)
const files = fs.readdirSync(benchDir)
  .filter((f) => f.endsWith('.mts'))
  .filter((f) => !filters.length || filters.some((x) => f.includes(x)))
  .sort()

const cpu = os.cpus()
console.log(`Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`)
console.log(`Benchmarks: ${files.join(', ') || '(none)'}\n`)

function run(file) {
  return new Promise((resolve) => {
    const started = Date.now()
    let tail = ''
    const child = spawn(tsx, [path.join('bench', file)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: process.env })
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      tail = (tail + chunk).slice(-20_000)
    })
    const stop = () => child.kill('SIGTERM')
    process.once('SIGINT', stop)
    child.on('close', (code) => {
      process.removeListener('SIGINT', stop)
      const line = tail.split('\n').reverse().find((l) => l.startsWith('BENCH_RESULT '))
      let result = null
      try { result = line ? JSON.parse(line.slice('BENCH_RESULT '.length)) : null } catch { /* not JSON */ }
      resolve({ file, code, seconds: (Date.now() - started) / 1000, result })
    })
  })
}

const outcomes = []
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  outcomes.push(await run(file))
}

console.log('\n=== Summary ===')
for (const o of outcomes) {
  const r = o.result
  const verdict = o.code !== 0 ? `failed (exit ${o.code})` : r ? (r.met === false ? 'target NOT met' : r.met === true ? 'target met' : 'done') : 'done'
  const figures = !r ? '' : typeof r.summary === 'string' ? r.summary
    : r.ratio !== undefined ? `ratio ${r.ratio}${r.target !== undefined ? ` (target ${r.target})` : ''}` : ''
  console.log(`  ${o.file.padEnd(20)} ${verdict.padEnd(18)} ${figures.padEnd(28)} ${o.seconds.toFixed(0)} s`)
}
process.exit(outcomes.some((o) => o.code !== 0) ? 1 : 0)
