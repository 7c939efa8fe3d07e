// Builds one migrated template database per test run, in a folder of its own so concurrent
// runs never delete each other's files; each test file copies it (tests/helpers/test-db.ts).
// With TEST_DB=postgres (the PostgreSQL pass of scripts/test.mjs) it also has a PostgreSQL
// server (TEST_DATABASE_URL, else one it starts) and a template database migrated with
// prisma/postgres/migrations; each test file then gets CREATE DATABASE … TEMPLATE of it.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pinTestEnv } from './helpers/test-env.mjs'
import { startPostgres, withDatabase } from './helpers/postgres-server.mjs'
import pg from 'pg'

export default async function globalSetup() {
  const testDb = process.env.TEST_DB
  const testDatabaseUrl = process.env.TEST_DATABASE_URL
  pinTestEnv(process.env) // the workers inherit this environment
  const base = path.resolve('tests/.tmp')
  fs.mkdirSync(base, { recursive: true })
  // Remove what runs older than an hour left behind.
  for (const e of fs.readdirSync(base)) {
    const p = path.join(base, e)
    if (e.startsWith('run-') && Date.now() - fs.statSync(p).mtimeMs > 3600_000)
      fs.rmSync(p, { recursive: true, force: true })
  }
  const dir = path.join(base, `run-${process.pid}-${Date.now().toString(36)}`)
  fs.mkdirSync(dir, { recursive: true })
  execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
    env: { ...process.env, DATABASE_URL: 'file:' + path.join(dir, 'template.db') },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  process.env.TEST_TMP_DIR = dir

  if (testDb === 'postgres') {
    if (testDatabaseUrl) process.env.TEST_DATABASE_URL = testDatabaseUrl
    const server = await startPostgres({ tag: 'jest' })
    if (!server.url)
      throw new Error(
        `TEST_DB=postgres: no PostgreSQL server (${server.reason}). Set TEST_DATABASE_URL=postgres://… to use an existing one.`,
      )
    globalThis.__testPostgres = server
    const template = `tpl_${process.pid}_${Date.now().toString(36)}`
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${template}"`)
    await admin.end()
    execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
      env: { ...process.env, DATABASE_URL: withDatabase(server.url, template) },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    process.env.TEST_DB = 'postgres'
    process.env.TEST_PG_SERVER_URL = server.url
    process.env.TEST_PG_TEMPLATE = template
  }
}
