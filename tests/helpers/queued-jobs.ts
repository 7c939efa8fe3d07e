// The jobs in the queue, on either engine, for tests that check what was queued, what is left
// and what died: SQLite's Job table, or graphile-worker's jobs table on PostgreSQL (finished
// jobs are deleted there, or kept in app_jobs.finished_jobs when the handler keeps them).
import { databaseConfig } from '@/lib/db/client'
import { db } from '@/lib/db/client'
import { pgPool } from '@/lib/db/pg-pool'

export interface QueuedJob {
  id: number
  type: string
  companyId: number | null
  status: 'queued' | 'running' | 'done' | 'dead'
  lastError: string | null
  /** When it is (or was) due. */
  runAt: Date
  attempts: number
}

export async function queuedJobs(
  where: { companyId?: number | { in: number[] }; type?: string } = {},
): Promise<QueuedJob[]> {
  const cfg = databaseConfig()
  const companies =
    where.companyId === undefined ? null : typeof where.companyId === 'number' ? [where.companyId] : where.companyId.in
  if (cfg.provider === 'sqlite') {
    const rows = await db.job.findMany({
      where: { ...(companies ? { companyId: { in: companies } } : {}), ...(where.type ? { type: where.type } : {}) },
      orderBy: { id: 'asc' },
    })
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      companyId: r.companyId,
      status: r.status as QueuedJob['status'],
      lastError: r.lastError,
      runAt: r.runAt,
      attempts: r.attempts,
    }))
  }
  const { rows } = await pgPool(cfg.url)
    .query(
      `select * from (
       select j.id, t.identifier as type, (j.payload->>'companyId')::int as company_id, j.last_error, j.run_at, j.attempts,
         case when j.locked_at is not null then 'running' when j.attempts >= j.max_attempts then 'dead' else 'queued' end as status
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       union all
       select f.id, f.type, f.company_id, null, f.finished_at, f.attempts, 'done' from app_jobs.finished_jobs f
     ) x
     where ($1::int[] is null or x.company_id = any($1)) and ($2::text is null or x.type = $2)
     order by x.id`,
      [companies, where.type ?? null],
    )
    .catch((e: { code?: string }) => {
      if (e?.code === '42P01') return { rows: [] } // the queue's schema is installed on first use
      throw e
    })
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    companyId: r.company_id,
    status: r.status,
    lastError: r.last_error,
    runAt: new Date(r.run_at),
    attempts: r.attempts,
  }))
}

export const countQueuedJobs = async (where: Parameters<typeof queuedJobs>[0] = {}) => (await queuedJobs(where)).length

/** The id of the newest queued job of a type (0 when none). */
export async function lastQueuedJobId(type: string): Promise<number> {
  const ids = (await queuedJobs({ type })).filter((j) => j.status === 'queued').map((j) => j.id)
  return ids.length ? Math.max(...ids) : 0
}

/** Moves a queued job's due time (a far future one holds it back, a past one releases it). */
export async function setJobRunAt(id: number, runAt: Date): Promise<void> {
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite') await db.job.update({ where: { id }, data: { runAt } })
  else await pgPool(cfg.url).query('update graphile_worker._private_jobs set run_at = $2 where id = $1', [id, runAt])
}

/** Forgets the dead jobs (a test that made one on purpose clears it for the next). */
export async function deleteDeadJobs(): Promise<void> {
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite') await db.job.deleteMany({ where: { status: 'dead' } })
  else
    await pgPool(cfg.url).query(
      'delete from graphile_worker._private_jobs where locked_at is null and attempts >= max_attempts',
    )
}
