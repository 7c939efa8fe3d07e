// Before a write transaction that enqueues jobs: on PostgreSQL the queue's schema
// (app_jobs.add_job) must exist, and it cannot be installed inside that transaction. The queue
// installs it once per server and keeps the promise (a failed install is tried again on the next
// call), so callers need no memo of their own. SQLite's queue needs nothing here.
import { jobQueue } from './current-queue'

export function prepareEnqueueInTransaction(): Promise<void> {
  const queue = jobQueue()
  return queue.engine === 'postgresql' ? queue.prepare() : Promise.resolve()
}
