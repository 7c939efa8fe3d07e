// A private copy of the migrated template database for one test file: real SQLite, no mocks.
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

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
  for (const key of ['__sqlite', '__prismaPragmas', '__jobHandlers', '__jobSignal', '__segmentCache', '__worker']) delete g[key]
}

export function useTestDatabase(): string {
  const dir = process.env.TEST_TMP_DIR ?? path.resolve('tests/.tmp')
  const file = path.join(dir, `t-${process.pid}-${randomBytes(4).toString('hex')}.db`)
  fs.copyFileSync(path.join(dir, 'template.db'), file)
  process.env.DATABASE_URL = 'file:' + file
  process.env.SESSION_SECRET ??= 'test-secret-test-secret-test-secret-0123456789'
  return file
}
