/** @jest-environment node */
// The storage scripts as `npm start` / `npm run db:*` run them: one clear line and a non-zero
// exit for a bad DATABASE_URL or an unreachable server (npm start too), migrations that fail leave the
// database as it was, both migration folders build the schema, db:copy copies every table.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { testEngine } from '../helpers/test-db'

jest.setTimeout(180_000)
const root = path.resolve(__dirname, '../..')
const run = (args: string[], env: Record<string, string | undefined> = {}) => {
  const r = spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, lines: r.stderr.trim().split('\n').filter(Boolean) }
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'db-scripts-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))
const pgServer = process.env.TEST_PG_SERVER_URL
const onPostgres = testEngine() === 'postgres' && pgServer ? test : test.skip
const onSqlite = testEngine() === 'sqlite' ? test : test.skip

// The checks below do not depend on the test database: they run in the SQLite pass only.
onSqlite('prisma/postgres/schema.prisma is derived from the current prisma/schema.prisma', () => {
  const r = run(['prisma/derive-postgres-schema.mjs', '--check'])
  expect(r.stderr).toBe('')
  expect(r.status).toBe(0)
})

onSqlite.each([
  ['mysql://u:p@h/db', /DATABASE_URL "mysql:\/\/u:p@h\/db" is not supported: use file:.* or postgresql:\/\//],
  ['postgres://u:p@ss@/db', /DATABASE_URL "postgres:\/\/u:\*\*\*@ss@\/db" is not a valid URL .*percent-encoded/],
  ['file:', /names no SQLite file/],
])('a malformed DATABASE_URL (%s): one line that says what and how, exit 2', (url, message) => {
  for (const script of ['scripts/db.mjs', 'scripts/prepare-db.mjs', 'scripts/start.mjs']) {
    const r = run(script === 'scripts/db.mjs' ? [script, 'deploy'] : [script], { DATABASE_URL: url })
    expect(r.lines).toHaveLength(1)
    expect(r.lines[0]).toMatch(message)
    expect(r.status).toBe(2)
  }
})

onSqlite('a PostgreSQL that cannot be reached: one line, non-zero exit', () => {
  for (const script of ['scripts/db.mjs', 'scripts/prepare-db.mjs', 'scripts/start.mjs']) {
    const r = run(script === 'scripts/db.mjs' ? [script, 'deploy'] : [script], {
      DATABASE_URL: 'postgresql://app:secret@127.0.0.1:1/app',
    })
    expect(r.lines).toEqual([
      'Cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED): start the server, or fix the host and port in DATABASE_URL.',
    ])
    expect(r.status).toBe(1)
  }
})

/** The project's migrations folder plus a last migration that fails half-way. */
function brokenFolder(from: string, name: string) {
  const dir = path.join(tmp, name)
  fs.cpSync(from, dir, { recursive: true })
  fs.mkdirSync(path.join(dir, '29990101000000_broken'))
  fs.writeFileSync(
    path.join(dir, '29990101000000_broken', 'migration.sql'),
    'CREATE TABLE "Broken" ("id" INTEGER NOT NULL PRIMARY KEY);\nALTER TABLE "Company" ADD COLUMN "half" TEXT;\nSELECT * FROM "NoSuchTable";\n',
  )
  return dir
}

onSqlite('SQLite: a failing migration leaves the database as it was and names the migration', () => {
  const file = path.join(tmp, 'm.db')
  expect(run(['scripts/db.mjs', 'deploy'], { DATABASE_URL: 'file:' + file }).status).toBe(0)
  const before = new Database(file).prepare('SELECT name, sql FROM sqlite_master ORDER BY name').all()
  const r = run(['scripts/db.mjs', 'deploy'], {
    DATABASE_URL: 'file:' + file,
    DB_MIGRATIONS_DIR_SQLITE: brokenFolder(path.join(root, 'prisma/migrations'), 'sqlite-broken'),
  })
  expect(r.status).toBe(1)
  expect(r.lines).toHaveLength(1)
  expect(r.lines[0]).toMatch(
    /^Migration 29990101000000_broken failed and was not applied; the database is as it was before \(.*NoSuchTable/,
  )
  const conn = new Database(file)
  expect(conn.prepare('SELECT name, sql FROM sqlite_master ORDER BY name').all()).toEqual(before)
  expect(
    conn.prepare("SELECT COUNT(*) AS n FROM _prisma_migrations WHERE migration_name = '29990101000000_broken'").get(),
  ).toEqual({ n: 0 })
  conn.close()
})

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}
const dbUrl = (name: string) => Object.assign(new URL(pgServer!), { pathname: '/' + name }).toString()
/** A new database; `migrated`: a copy of the run's migrated template (saves a full deploy per test). */
async function freshDatabase(name: string, migrated = false) {
  const template = migrated && process.env.TEST_PG_TEMPLATE ? ` TEMPLATE "${process.env.TEST_PG_TEMPLATE}"` : ''
  await withClient(pgServer!, (c) =>
    c
      .query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      .then(() => c.query(`CREATE DATABASE "${name}"${template}`)),
  )
  return dbUrl(name)
}
const schemaOf = (url: string) =>
  withClient(
    url,
    async (c) =>
      (
        await c.query(
          "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2",
        )
      ).rows,
  )

onPostgres('PostgreSQL: a failing migration leaves the database as it was and names the migration', async () => {
  const url = await freshDatabase(`mig_${process.pid}`, true)
  expect(run(['scripts/db.mjs', 'deploy'], { DATABASE_URL: url }).status).toBe(0) // up to date: nothing to apply
  const before = await schemaOf(url)
  const r = run(['scripts/db.mjs', 'deploy'], {
    DATABASE_URL: url,
    DB_MIGRATIONS_DIR_POSTGRES: brokenFolder(path.join(root, 'prisma/postgres/migrations'), 'pg-broken'),
  })
  expect(r.status).toBe(1)
  expect(r.lines).toHaveLength(1)
  expect(r.lines[0]).toMatch(
    /^Migration 29990101000000_broken failed and was not applied; the database is as it was before \(.*NoSuchTable/,
  )
  expect(await schemaOf(url)).toEqual(before)
  const broken = await withClient(url, (c) =>
    c.query("SELECT 1 FROM _prisma_migrations WHERE migration_name = '29990101000000_broken'"),
  )
  expect(broken.rowCount).toBe(0)
  // and a later deploy of the good folder still works
  expect(run(['scripts/db.mjs', 'deploy'], { DATABASE_URL: url }).status).toBe(0)
})

onPostgres('both migration folders build the schema (node scripts/db.mjs check)', () => {
  const r = run(['scripts/db.mjs', 'check'], { SHADOW_DATABASE_URL: pgServer })
  expect(r.stderr).toBe('')
  expect(r.stdout).toMatch(/Both migration folders build the schema/)
  expect(r.status).toBe(0)
})

/** A small audience written the way Prisma stores it on SQLite (ISO text dates, 0/1 booleans). */
function seedSqlite(file: string) {
  const conn = new Database(file)
  const d = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00')
  const t0 = Date.UTC(2025, 5, 1)
  conn.transaction(() => {
    for (let c = 1; c <= 2; c++) {
      conn
        .prepare(
          'INSERT INTO Company (id, name, publicApiKey, isTestAccount, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(c, `Shop ${c}`, `PUB00${c}`, c === 2 ? 1 : 0, d(t0 + c), d(t0 + c))
      conn
        .prepare("INSERT INTO Metric (id, companyId, name, createdAt, updatedAt) VALUES (?, ?, 'Placed Order', ?, ?)")
        .run(`M${c}`, c, d(t0), d(t0))
      conn
        .prepare(
          'INSERT INTO "Group" (id, companyId, name, type, definition, createdAt, updatedAt) VALUES (?, ?, \'VIP\', 1, \'{"v":1}\', ?, ?)',
        )
        .run(`G${c}`, c, d(t0), d(t0))
    }
    const prof = conn.prepare(
      'INSERT INTO Profile (id, companyId, email, latitude, properties, createdAt, updatedAt, lastEventAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    const ev = conn.prepare(
      'INSERT INTO Event (companyId, profileId, metricId, ts, value, properties, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    const mem = conn.prepare(
      'INSERT INTO GroupMembership (companyId, groupId, profileId, enteredAt) VALUES (?, ?, ?, ?)',
    )
    for (let i = 0; i < 1200; i++) {
      const c = (i % 2) + 1
      prof.run(
        `P${i}`,
        c,
        `p${i}@example.test`,
        i / 7,
        JSON.stringify({ plan: i % 3 ? 'gold' : 'silver', n: i, 'odd "key"': true }),
        d(t0 + i * 1000),
        d(t0 + i * 1000),
        i % 5 ? d(t0 + i * 2000) : null,
      )
      for (let k = 0; k < 3; k++)
        ev.run(
          c,
          `P${i}`,
          `M${c}`,
          Math.floor(t0 / 1000) + i * 60 + k,
          k ? i * 1.25 : null,
          JSON.stringify({ k, sku: `S-${i}` }),
          d(t0 + i * 1000 + k),
        )
      if (i % 4 === 0) mem.run(c, `G${c}`, `P${i}`, d(t0 + i))
    }
    // a gap in the ids: the sequence must continue after the largest, not the count
    conn.prepare('DELETE FROM Event WHERE id BETWEEN 10 AND 20').run()
  })()
  conn.close()
}

onPostgres('db:copy copies every table of a seeded SQLite database to an empty PostgreSQL one', async () => {
  const file = path.join(tmp, 'seeded.db')
  const template = process.env.TEST_TMP_DIR && path.join(process.env.TEST_TMP_DIR, 'template.db')
  if (template && fs.existsSync(template)) fs.copyFileSync(template, file)
  expect(run(['scripts/db.mjs', 'deploy'], { DATABASE_URL: 'file:' + file }).status).toBe(0)
  seedSqlite(file)
  const url = await freshDatabase(`copy_${process.pid}`, true)
  expect(run(['scripts/db.mjs', 'deploy'], { DATABASE_URL: url }).status).toBe(0)
  const r = run(['scripts/db-copy.mjs', '--to', url, '--batch', '500'], { DATABASE_URL: 'file:' + file })
  expect(r.stderr).toBe('')
  expect(r.status).toBe(0)

  const sqlite = new Database(file, { readonly: true })
  const tables = (
    sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'",
      )
      .all() as { name: string }[]
  )
    .map((t) => t.name)
    // The inbox search's FTS5 tables (SQLite only; PostgreSQL keeps its profile text by trigger).
    .filter((t) => !/^Conversation(Message|Profile)Search/.test(t))
  await withClient(url, async (c) => {
    for (const t of tables) {
      const n = (sqlite.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n
      const m = Number((await c.query(`SELECT COUNT(*) AS n FROM "${t}"`)).rows[0].n)
      expect([t, m]).toEqual([t, n])
    }
    // spot checks: dates, booleans, JSON text, floats; sequences continue after the copied ids
    const s = sqlite
      .prepare('SELECT id, createdAt, isTestAccount, publicApiKey FROM Company ORDER BY id LIMIT 1')
      .get() as { id: number; createdAt: string; isTestAccount: number; publicApiKey: string }
    const p = (
      await c.query('SELECT "createdAt", "isTestAccount", "publicApiKey" FROM "Company" WHERE id = $1', [s.id])
    ).rows[0]
    expect(p.publicApiKey).toBe(s.publicApiKey)
    expect(p.isTestAccount).toBe(s.isTestAccount === 1)
    expect(new Date(p.createdAt.getTime() - p.createdAt.getTimezoneOffset() * 60_000).toISOString()).toBe(
      new Date(s.createdAt).toISOString(),
    )
    const e = sqlite
      .prepare('SELECT id, properties, value FROM Event WHERE value IS NOT NULL ORDER BY id DESC LIMIT 1')
      .get() as { id: number; properties: string; value: number } | undefined
    if (e) {
      const pe = (await c.query('SELECT properties, value FROM "Event" WHERE id = $1', [e.id])).rows[0]
      // jsonb on PostgreSQL (the driver parses it): the same JSON value, in jsonb's key order.
      expect([pe.properties, pe.value]).toEqual([JSON.parse(e.properties), e.value])
    }
    const maxEvent = Number((await c.query('SELECT COALESCE(MAX(id), 0) AS m FROM "Event"')).rows[0].m)
    const next = Number((await c.query(`SELECT nextval(pg_get_serial_sequence('"Event"', 'id')) AS n`)).rows[0].n)
    expect(next).toBe(maxEvent + 1)
  })
  sqlite.close()
  // A second copy into the now non-empty database is refused.
  const again = run(['scripts/db-copy.mjs', '--to', url], { DATABASE_URL: 'file:' + file })
  expect(again.status).toBe(1)
  expect(again.stderr).toMatch(/is not empty/)
})
