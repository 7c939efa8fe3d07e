// Migration tests on PostgreSQL (TEST_PG_SERVER_URL, the pass's server): a fresh database
// migrated up to just before one migration, so a test can write the data that migration must
// convert, then deploy the rest and check what it made of it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

const root = path.resolve(__dirname, '../..')
const migrations = path.join(root, 'prisma/postgres/migrations')

/** The server of the PostgreSQL pass (undefined outside it: the migration tests skip). */
export const pgTestServer = process.env.TEST_PG_SERVER_URL

/** `scripts/db.mjs deploy` against url (with dir: only the migrations in that folder). */
export function deployMigrations(url: string, dir?: string) {
  return spawnSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, ...(dir ? { DB_MIGRATIONS_DIR_POSTGRES: dir } : {}) },
    encoding: 'utf8',
  })
}

/**
 * A new database `name` on the test server (dropped first if left over), with every migration
 * before the one whose folder ends in `_${suffix}` applied. Returns its URL and the deploy's result.
 */
export async function databaseBeforeMigration(suffix: string, name: string) {
  const names = fs.readdirSync(migrations).filter((d) => /^\d+_/.test(d))
  const mine = names.find((d) => d.endsWith(`_${suffix}`))
  if (!mine) throw new Error(`no PostgreSQL migration ending in _${suffix}`)
  const before = fs.mkdtempSync(path.join(os.tmpdir(), `before-${suffix}-`))
  try {
    fs.copyFileSync(path.join(migrations, 'migration_lock.toml'), path.join(before, 'migration_lock.toml'))
    for (const d of names.filter((d) => d < mine))
      fs.cpSync(path.join(migrations, d), path.join(before, d), { recursive: true })
    const admin = new pg.Client({ connectionString: pgTestServer })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.query(`CREATE DATABASE "${name}"`)
    await admin.end()
    const url = Object.assign(new URL(pgTestServer!), { pathname: '/' + name }).toString()
    return { url, result: deployMigrations(url, before) }
  } finally {
    fs.rmSync(before, { recursive: true, force: true })
  }
}
