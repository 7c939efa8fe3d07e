// Builds one migrated template database per test run, in a folder of its own so concurrent
// runs never delete each other's files; each test file copies it (tests/helpers/test-db.ts).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export default function globalSetup() {
  const base = path.resolve('tests/.tmp')
  fs.mkdirSync(base, { recursive: true })
  // Remove what runs older than an hour left behind.
  for (const e of fs.readdirSync(base)) {
    const p = path.join(base, e)
    if (e.startsWith('run-') && Date.now() - fs.statSync(p).mtimeMs > 3600_000) fs.rmSync(p, { recursive: true, force: true })
  }
  const dir = path.join(base, `run-${process.pid}-${Date.now().toString(36)}`)
  fs.mkdirSync(dir, { recursive: true })
  execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
    env: { ...process.env, DATABASE_URL: 'file:' + path.join(dir, 'template.db') },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  process.env.TEST_TMP_DIR = dir
}
