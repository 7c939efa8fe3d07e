// The health report behind GET /health (a load balancer polls it every second) and the
// developer tools' backlog card: database reachable, workers alive, the backlog per queue,
// and the ingest retries of this process. Two indexed queries, and one answer shared by every
// caller for a second, so polling costs the database nothing noticeable.
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { placeholder } from '@/lib/db/dialect'
import { read, select, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { queueNow } from '@/lib/jobs/clock'
import { ingestRetryCount } from '@/lib/events/ingest-retry-count'
import { HEARTBEAT_STALE_MS } from '@/lib/jobs/worker-heartbeat'
import { queueBacklogOps, type QueueBacklog } from './queue-backlog'

export interface HealthReport {
  ok: boolean
  /** What makes it not ok (database, workers, backlog), empty when ok. */
  problems: Array<'database' | 'workers' | 'backlog'>
  checkedAt: string
  database: { reachable: boolean; engine: 'sqlite' | 'postgresql' }
  workers: { alive: number; lastBeatAt: string | null; lastBeatAgeSeconds: number | null }
  queues: QueueBacklog[]
  totalDepth: number
  oldestAgeSeconds: number
  /** Ingest batches run again after a deadlock or serialization failure, in this process. */
  ingestRetries: number
}

const CACHE_MS = 1_000
const DEFAULT_MAX_AGE_SECONDS = 600

/** HEALTH_MAX_JOB_AGE_SECONDS: a due job waiting longer than this makes the report unhealthy. */
export function maxJobAgeSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.HEALTH_MAX_JOB_AGE_SECONDS)
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_MAX_AGE_SECONDS
}

function* workersOps(now: Date): Ops<{ alive: number; last: unknown }> {
  const [row] = yield* select<{ alive: number | string; last: unknown }>(
    CompiledQuery.raw(
      `select count(*) filter (where "beatAt" >= ${placeholder(1)}) as alive, max("beatAt") as last from "WorkerHeartbeat"`,
      [dbDate(new Date(now.getTime() - HEARTBEAT_STALE_MS))],
    ),
  )
  return { alive: Number(row?.alive ?? 0), last: row?.last ?? null }
}

async function check(now: Date): Promise<HealthReport> {
  const engine = dbEngine()
  const base = { checkedAt: now.toISOString(), ingestRetries: ingestRetryCount() }
  let workers: { alive: number; last: unknown }
  let queues: QueueBacklog[]
  try {
    ;[workers, queues] = await read(
      (function* () {
        return [yield* workersOps(now), yield* queueBacklogOps(now)] as const
      })(),
    )
  } catch {
    return {
      ...base,
      ok: false,
      problems: ['database'],
      database: { reachable: false, engine },
      workers: { alive: 0, lastBeatAt: null, lastBeatAgeSeconds: null },
      queues: [],
      totalDepth: 0,
      oldestAgeSeconds: 0,
    }
  }
  const last = workers.last ? new Date(workers.last as string) : null
  const oldestAgeSeconds = Math.max(0, ...queues.map((q) => q.oldestAgeSeconds))
  const problems: HealthReport['problems'] = []
  if (!workers.alive) problems.push('workers')
  if (oldestAgeSeconds > maxJobAgeSeconds()) problems.push('backlog')
  return {
    ...base,
    ok: !problems.length,
    problems,
    database: { reachable: true, engine },
    workers: {
      alive: workers.alive,
      lastBeatAt: last ? last.toISOString() : null,
      lastBeatAgeSeconds: last ? Math.max(0, Math.floor((now.getTime() - last.getTime()) / 1000)) : null,
    },
    queues,
    totalDepth: queues.reduce((a, q) => a + q.depth, 0),
    oldestAgeSeconds,
  }
}

const g = globalThis as unknown as { __healthCache?: { at: number; report: Promise<HealthReport> } }

/** The report, computed at most once a second per process (concurrent callers share it). */
export function getHealth(opts: { fresh?: boolean } = {}): Promise<HealthReport> {
  const now = queueNow()
  const cached = g.__healthCache
  if (!opts.fresh && cached && now.getTime() - cached.at < CACHE_MS && now.getTime() >= cached.at) return cached.report
  const report = check(now)
  g.__healthCache = { at: now.getTime(), report }
  return report
}
