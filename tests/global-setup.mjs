// Builds one migrated template database per test run; each test file copies it (tests/helpers/test-db.ts).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export default function globalSetup() {
  const dir = path.resolve('tests/.tmp')
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
    env: { ...process.env, DATABASE_URL: 'file:' + path.join(dir, 'template.db') },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
