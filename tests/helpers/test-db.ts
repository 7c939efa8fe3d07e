// A private copy of the migrated template database for one test file: real SQLite, no mocks;
// with TEST_DB=postgres (the PostgreSQL pass) a private PostgreSQL database made from the
// migrated template (tests/global-setup.mjs).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { TEST_SESSION_SECRET } from './test-env.mjs'

// Process-wide state that a test file must not inherit from the file that ran before it in
// the same Jest worker (job handlers bound to that file's modules, caches keyed by company ids
// that repeat across fresh databases, the other file's connection).
export function resetProcessState() {
  const g = globalThis as Record<string, unknown>
  const sqlite = g.__sqlite as { conn?: { close(): void } } | undefined
  try {
    sqlite?.conn?.close()
  } catch {
    /* already closed */
  }
  const pool = (g.__pgPool as { pool?: { end(): Promise<void> } } | undefined)?.pool
  void pool?.end().catch(() => {})
  for (const key of [
    '__sqlite',
    '__prismaPragmas',
    '__jobHandlers',
    '__jobSignal',
    '__segmentCache',
    '__worker',
    '__pgPool',
    '__kysely',
    '__consumerLists',
    '__consumerLoader',
    '__billingUsageCache',
    '__ttlCaches',
  ])
    delete g[key]
}

/** 'postgres' in the PostgreSQL pass, else 'sqlite'. */
export const testEngine = (): 'sqlite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite')

const setEnv = (key: string, value: string) => {
  process.env[key] = value
}

export function useTestDatabase(): string {
  setEnv('SESSION_SECRET', TEST_SESSION_SECRET)
  if (testEngine() === 'postgres') return usePostgresDatabase()
  const dir = process.env.TEST_TMP_DIR ?? path.resolve('tests/.tmp')
  const file = path.join(dir, `t-${process.pid}-${randomBytes(4).toString('hex')}.db`)
  fs.copyFileSync(path.join(dir, 'template.db'), file)
  setEnv('DATABASE_URL', 'file:' + file)
  return file
}

// CREATE DATABASE … TEMPLATE in a child process, so useTestDatabase() stays synchronous (it
// runs at the top of test files, before the imports that read DATABASE_URL).
function usePostgresDatabase(): string {
  const server = process.env.TEST_PG_SERVER_URL
  const template = process.env.TEST_PG_TEMPLATE
  if (!server || !template)
    throw new Error('TEST_DB=postgres without a server: run through tests/global-setup.mjs (jest) or scripts/test.mjs')
  const name = `t_${template.slice(4)}_${process.pid}_${randomBytes(3).toString('hex')}`
  const script = `const pg=require('pg');(async()=>{const c=new pg.Client({connectionString:process.argv[1]});await c.connect();await c.query('CREATE DATABASE "'+process.argv[2]+'" TEMPLATE "'+process.argv[3]+'"');await c.end()})().catch(e=>{console.error(e.message);process.exit(1)})`
  execFileSync(process.execPath, ['-e', script, server, name, template], { stdio: ['ignore', 'ignore', 'inherit'] })
  const u = new URL(server)
  u.pathname = '/' + name
  setEnv('DATABASE_URL', u.toString())
  return u.toString()
}
