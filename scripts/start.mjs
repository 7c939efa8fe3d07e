// npm start: migrate, seed when empty, build when the build is missing or stale, then serve
// through scripts/server.mjs.
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)
process.env.NEXT_TELEMETRY_DISABLED = '1'
const port = process.env.PORT || '3000'
const bin = (n) => path.join(root, 'node_modules/.bin', n)

// prepare-db prints its own one-line reason (bad DATABASE_URL, server unreachable, which
// migration failed); a failure here only passes its exit code on, without a stack trace.
const steps = (file, args) => {
  try {
    execFileSync(file, args, { stdio: 'inherit', env: process.env })
  } catch (e) {
    process.exit(typeof e.status === 'number' && e.status ? e.status : 1)
  }
}
steps(process.execPath, ['scripts/prepare-db.mjs'])
// The request gate's route table follows the route files before the build is fingerprinted.
steps(process.execPath, ['scripts/generate-route-methods.mjs'])

// The build is current when its recorded source fingerprint matches the tree.
const SOURCES = [
  'app',
  'components',
  'lib',
  'messages',
  'styles',
  'i18n',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'package.json',
  'tsconfig.json',
]
function fingerprint() {
  const h = createHash('sha1')
  const walk = (p) => {
    if (!fs.existsSync(p)) return
    const st = fs.statSync(p)
    if (st.isDirectory()) for (const e of fs.readdirSync(p).sort()) walk(path.join(p, e))
    else h.update(p + ':' + st.size + ':' + st.mtimeMs + '\n')
  }
  SOURCES.forEach((s) => walk(s))
  return h.digest('hex')
}
const stamp = path.join(root, '.next', 'source-fingerprint')
const current = fingerprint()
const built =
  fs.existsSync(path.join(root, '.next', 'BUILD_ID')) &&
  fs.existsSync(stamp) &&
  fs.readFileSync(stamp, 'utf8') === current
if (!built) {
  console.log('No current build: building (about a minute)…')
  steps(bin('next'), ['build'])
  fs.writeFileSync(stamp, current)
}

// The job worker runs inside the server (instrumentation.ts) unless ENABLE_INPROCESS_WORKER=0
// says web processes run without one (`npm run worker` beside them). scripts/server.mjs, not
// `next start`: it takes the client address from the connection (TRUST_PROXY for proxies).
const server = spawn(process.execPath, ['scripts/server.mjs'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, PORT: port, ENABLE_INPROCESS_WORKER: process.env.ENABLE_INPROCESS_WORKER || '1' },
})
let announced = false
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  if (!announced && /Ready|started server/i.test(String(chunk))) {
    announced = true
    const pw = process.env.DEMO_PASSWORD ? '(the DEMO_PASSWORD you set)' : 'demo-password'
    console.log(`\n  Open http://localhost:${port}/login and sign in as owner@demo.test with password ${pw}.`)
    console.log(
      '  Other demo users: analyst@demo.test (Analyst), staff@demo.test (staff). Change these passwords before exposing the server.\n',
    )
  }
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code) => process.exit(code ?? 0))
