// Applies migrations (in its own short process: the WASM engine takes an exclusive lock)
// and seeds the demo data when the database has no company yet. SQLite or PostgreSQL by
// DATABASE_URL; a bad or unreachable DATABASE_URL ends here with one line and a non-zero exit.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { parseDatabaseUrl, describeConnectError, DatabaseUrlError, pgConfig } from '../lib/db/database-url.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)

let target
try {
  target = parseDatabaseUrl(process.env.DATABASE_URL, root)
} catch (e) {
  if (!(e instanceof DatabaseUrlError)) throw e
  console.error(e.message)
  process.exit(2)
}

// db.mjs prints its own one-line reason (unreachable server, failed migration).
const deploy = spawnSync(process.execPath, ['scripts/db.mjs', 'deploy'], { stdio: 'inherit' })
if (deploy.status !== 0) process.exit(deploy.status || 1)

let empty = true
if (target.provider === 'sqlite') {
  const sqlite = new Database(target.file, { readonly: true })
  empty = sqlite.prepare('SELECT COUNT(*) AS n FROM Company').get().n === 0
  sqlite.close()
} else {
  const client = new pg.Client(pgConfig(target.url))
  try {
    await client.connect()
    empty = (await client.query('SELECT COUNT(*)::int AS n FROM "Company"')).rows[0].n === 0
  } catch (e) {
    console.error(describeConnectError(e, target.url))
    process.exit(1)
  } finally {
    await client.end().catch(() => {})
  }
}
if (empty && process.env.SKIP_SEED !== '1') {
  console.log('Empty database: seeding the demo data…')
  const seed = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['prisma/seed.mts'], { stdio: 'inherit' })
  if (seed.status !== 0) {
    console.error(
      'Seeding the demo data failed (see above); the schema is migrated. Fix the cause and run `npm run db:seed`, or start with SKIP_SEED=1.',
    )
    process.exit(seed.status || 1)
  }
}
