// Browser tests: a production build served by scripts/server.mjs (what `npm start` runs;
// playwright.config.ts starts it) over a fresh seeded database, driven by Playwright in Chromium.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { findChromium } from './find-chromium.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)
const bin = (n) => path.join(root, 'node_modules/.bin', n)
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

env.CHROMIUM_PATH = findChromium()
const dbFile = path.join(root, 'tests/.tmp/e2e.db')
fs.mkdirSync(path.dirname(dbFile), { recursive: true })
for (const f of [dbFile, dbFile + '-wal', dbFile + '-shm']) fs.rmSync(f, { force: true })
env.DATABASE_URL = 'file:' + dbFile
env.SESSION_SECRET ??= 'e2e-secret-e2e-secret-e2e-secret-0123456789'
execFileSync(process.execPath, ['scripts/prepare-db.mjs'], { stdio: 'inherit', env })

// The request gate's route table follows the route files (scripts/generate-route-methods.mjs).
if (process.env.SKIP_BUILD !== '1')
  execFileSync(process.execPath, ['scripts/generate-route-methods.mjs'], { stdio: 'inherit', env })
if (process.env.SKIP_BUILD !== '1') execFileSync(bin('next'), ['build'], { stdio: 'inherit', env })
// --build-only: Chromium found or installed, the database prepared and the app built, nothing run
// (npm test does this early, at low priority, while the PostgreSQL pass runs).
if (process.argv.includes('--build-only')) process.exit(0)
try {
  execFileSync(bin('playwright'), ['test', ...process.argv.slice(2)], { stdio: 'inherit', env })
} catch (e) {
  process.exit(typeof e.status === 'number' && e.status !== 0 ? e.status : 1)
}
