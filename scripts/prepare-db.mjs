// Applies migrations (in its own short process: the WASM engine takes an exclusive lock)
// and seeds the demo data when the database has no company yet.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)
const url = process.env.DATABASE_URL ?? 'file:./data/app.db'

execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], { stdio: 'inherit' })

const file = url.startsWith('file:') ? path.resolve(root, url.slice(5)) : null
let empty = true
if (file) {
  const sqlite = new Database(file, { readonly: true })
  empty = sqlite.prepare('SELECT COUNT(*) AS n FROM Company').get().n === 0
  sqlite.close()
}
if (empty && process.env.SKIP_SEED !== '1') {
  console.log('Empty database: seeding the demo data…')
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['prisma/seed.mts'], { stdio: 'inherit' })
}
