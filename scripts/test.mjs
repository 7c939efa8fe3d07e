// npm test: every test. Unit and integration (Jest, real SQLite), then the browser tests.
import { execFileSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
try {
  execFileSync(path.join(root, 'node_modules/.bin/jest'), ['--ci'], { stdio: 'inherit', env })
  execFileSync(process.execPath, ['scripts/test-e2e.mjs'], { stdio: 'inherit', env })
} catch (e) {
  process.exit(typeof e.status === 'number' && e.status !== 0 ? e.status : 1)
}
