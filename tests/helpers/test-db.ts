// A private copy of the migrated template database for one test file: real SQLite, no mocks.
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

export function useTestDatabase(): string {
  const dir = process.env.TEST_TMP_DIR ?? path.resolve('tests/.tmp')
  const file = path.join(dir, `t-${process.pid}-${randomBytes(4).toString('hex')}.db`)
  fs.copyFileSync(path.join(dir, 'template.db'), file)
  process.env.DATABASE_URL = 'file:' + file
  process.env.SESSION_SECRET ??= 'test-secret-test-secret-test-secret-0123456789'
  return file
}
