// Which JobQueue this process uses, from DATABASE_URL: postgres:// or postgresql:// → the
// graphile-worker-backed queue on that server; anything else (file:…, the default) → the Job
// table in SQLite. Read on each call, so tests that switch DATABASE_URL get the right one.
import type { JobQueue } from './job-queue'
import { postgresJobQueue } from './postgres-job-queue'
import { sqliteJobQueue } from './sqlite-job-queue'

export const isPostgresUrl = (url: string | undefined): boolean => !!url && /^postgres(ql)?:\/\//i.test(url.trim())

export function jobQueue(): JobQueue {
  const url = process.env.DATABASE_URL
  return isPostgresUrl(url) ? postgresJobQueue(url!.trim()) : sqliteJobQueue
}
