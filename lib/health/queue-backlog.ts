// The job backlog per queue (job type): jobs due or running, and the age of the oldest due job
// still waiting. One grouped query on each engine, over the indexes the claims use: the Job
// table's (status, runAt) on SQLite, graphile-worker's jobs table on PostgreSQL. Jobs booked
// for later (a flow's delay, tomorrow's refit) are not backlog and are left out.
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { select, type Ops } from '@/lib/db/ops'
import { sqlDate } from '@/lib/db/sqlite'

export interface QueueBacklog {
  queue: string
  /** Jobs due now: waiting plus running. */
  depth: number
  running: number
  /** Seconds the oldest waiting due job has waited past its run time; 0 when none waits. */
  oldestAgeSeconds: number
}

interface Row {
  queue: string
  depth: number | string
  running: number | string
  oldest: string | Date | null
}

// graphile-worker's own lease rule: a lock older than 4 hours is stale (postgres-job-queue.ts
// writes locked_at so that this ends the lease when ours ends).
const PG_SQL = `select t.identifier as queue, count(*) as depth,
    count(*) filter (where j.locked_at > $1::timestamptz - interval '4 hours') as running,
    min(j.run_at) filter (where j.locked_at is null or j.locked_at <= $1::timestamptz - interval '4 hours') as oldest
  from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
  where j.run_at <= $1 and j.attempts < j.max_attempts
  group by t.identifier`

const SQLITE_SQL = `select type as queue, count(*) as depth, sum(status = 'running') as running,
    min(case when status = 'queued' then runAt end) as oldest
  from Job where status in ('queued', 'running') and runAt <= ?
  group by type`

export function* queueBacklogOps(now: Date): Ops<QueueBacklog[]> {
  const pg = dbEngine() === 'postgresql'
  let rows: Row[]
  try {
    rows = yield* select<Row>(CompiledQuery.raw(pg ? PG_SQL : SQLITE_SQL, [pg ? now.toISOString() : sqlDate(now)]))
  } catch (e) {
    // No worker has installed graphile-worker's schema yet: no queue, so no backlog.
    if (pg && (e as { code?: string }).code === '42P01') return []
    throw e
  }
  return rows
    .map((r) => ({
      queue: r.queue,
      depth: Number(r.depth),
      running: Number(r.running ?? 0),
      oldestAgeSeconds: r.oldest ? Math.max(0, Math.floor((now.getTime() - new Date(r.oldest).getTime()) / 1000)) : 0,
    }))
    .sort((a, b) => b.oldestAgeSeconds - a.oldestAgeSeconds || b.depth - a.depth || (a.queue < b.queue ? -1 : 1))
}
