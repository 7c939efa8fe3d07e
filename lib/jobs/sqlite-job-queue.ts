// JobQueue on the Job table through better-sqlite3. The claim is a single
// UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING statement: SQLite runs it under the one
// write lock, so two workers (threads or processes) can never lease the same job.
import type Database from 'better-sqlite3'
import { ensurePrismaPragmas, prep, sqlDate, writeOne, writeTx } from '@/lib/db/sqlite'
import {
  backoffSeconds,
  type ClaimedJob,
  type ClaimOptions,
  type EnqueueOptions,
  type JobQueue,
  type JobStatus,
} from './job-queue'

type JobRow = {
  id: number
  type: string
  companyId: number | null
  payload: string
  attempts: number
  maxAttempts: number
}

const INSERT = `INSERT INTO Job (type, companyId, payload, status, attempts, maxAttempts, runAt, idempotencyKey, createdAt, updatedAt)
  VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?) ON CONFLICT (idempotencyKey) DO NOTHING`

// Two index searches (queued and due; running with an expired lease) rather than one OR, so
// SQLite uses (type, status) / (status, runAt) and never scans finished rows.
const due = (typed: boolean) => {
  const t = typed ? 'type = @type AND ' : ''
  return `SELECT id, runAt FROM Job WHERE ${t}status = 'queued' AND runAt <= @now
    UNION ALL SELECT id, runAt FROM Job WHERE ${t}status = 'running' AND lockedUntil < @now`
}
const claimSql = (typed: boolean) => `UPDATE Job SET status = 'running', attempts = attempts + 1, lockedUntil = @until,
    lockedBy = @worker, updatedAt = @now
  WHERE id IN (SELECT id FROM (${due(typed)}) ORDER BY runAt, id LIMIT @limit)
  RETURNING id, type, companyId, payload, attempts, maxAttempts`

const LEASED = "id = @id AND lockedBy = @worker AND attempts = @attempts AND status = 'running'"

// Group commit: enqueues made in the same event-loop turn (e.g. concurrent POST /api/events
// requests) share one transaction, so the API pays one commit for many events. A caller's
// promise resolves once its row is committed.
interface PendingEnqueue {
  type: string
  payload: string
  opts: EnqueueOptions
  now: Date
  resolve: (id: number) => void
  reject: (e: unknown) => void
}
let pending: PendingEnqueue[] = []

function insertOne(p: Omit<PendingEnqueue, 'resolve' | 'reject'>, conn?: Database.Database): number {
  const stamp = sqlDate(p.now)
  const r = prep(INSERT, conn).run(
    p.type,
    p.opts.companyId ?? null,
    p.payload,
    p.opts.maxAttempts ?? 5,
    sqlDate(p.opts.runAt ?? p.now),
    p.opts.idempotencyKey ?? null,
    stamp,
    stamp,
  )
  if (r.changes) return Number(r.lastInsertRowid)
  return (prep('SELECT id FROM Job WHERE idempotencyKey = ?', conn).get(p.opts.idempotencyKey) as { id: number }).id
}

/**
 * Enqueue inside the caller's own write transaction (writeTx((conn) => …)): the job exists if
 * and only if the transaction commits. Call wakeWorkers() (queue.ts) after the commit so an
 * idle in-process worker starts at once; other processes see it at their next poll.
 */
export function enqueueInSqliteTransaction(
  conn: Database.Database,
  type: string,
  payload: unknown,
  opts: EnqueueOptions = {},
  now = new Date(),
): number {
  return insertOne({ type, payload: JSON.stringify(payload ?? null), opts, now }, conn)
}

async function flush() {
  const batch = pending
  pending = []
  try {
    const ids = await writeTx(() => batch.map((p) => insertOne(p)))
    batch.forEach((p, i) => p.resolve(ids[i]!))
  } catch {
    // One bad row must not fail the others: retry them one by one.
    for (const p of batch) {
      try {
        p.resolve(await writeOne(() => insertOne(p)))
      } catch (e) {
        p.reject(e)
      }
    }
  }
}

export const sqliteJobQueue: JobQueue = {
  engine: 'sqlite',

  async prepare() {
    await ensurePrismaPragmas().catch(() => {})
  },

  enqueue(type, payload, opts: EnqueueOptions, now) {
    return new Promise<number>((resolve, reject) => {
      pending.push({ type, payload: JSON.stringify(payload ?? null), opts, now, resolve, reject })
      if (pending.length === 1) setImmediate(flush)
    })
  },

  async claim(o: ClaimOptions) {
    const now = sqlDate(o.now)
    const until = sqlDate(new Date(o.now.getTime() + o.visibilityTimeoutMs))
    const rows = await writeOne(
      () =>
        prep(claimSql(!!o.type)).all({
          now,
          until,
          worker: o.workerId,
          limit: o.limit,
          ...(o.type ? { type: o.type } : {}),
        }) as JobRow[],
    )
    return rows.sort((a, b) => a.id - b.id).map((r) => ({ ...r, payload: safeParse(r.payload), lockedBy: o.workerId }))
  },

  async complete(jobs: ClaimedJob[], { keep, now }) {
    if (!jobs.length) return
    const stamp = sqlDate(now)
    await writeTx(() => {
      for (const job of jobs) {
        const args = { id: job.id, worker: job.lockedBy, attempts: job.attempts }
        if (keep)
          prep(
            `UPDATE Job SET status = 'done', finishedAt = @now, updatedAt = @now, lockedUntil = NULL, lastError = NULL WHERE ${LEASED}`,
          ).run({ ...args, now: stamp })
        else prep(`DELETE FROM Job WHERE ${LEASED}`).run(args)
      }
    })
  },

  async fail(job: ClaimedJob, error: string, { permanent, now }) {
    const dead = permanent || job.attempts >= job.maxAttempts
    const stamp = sqlDate(now)
    const args = { id: job.id, worker: job.lockedBy, attempts: job.attempts, now: stamp, error: error.slice(0, 4000) }
    await writeOne(() =>
      dead
        ? prep(
            `UPDATE Job SET status = 'dead', lastError = @error, finishedAt = @now, updatedAt = @now, lockedUntil = NULL WHERE ${LEASED}`,
          ).run(args)
        : prep(
            `UPDATE Job SET status = 'queued', lastError = @error, runAt = @runAt, updatedAt = @now, lockedUntil = NULL, lockedBy = NULL WHERE ${LEASED}`,
          ).run({
            ...args,
            runAt: sqlDate(new Date(now.getTime() + backoffSeconds(job.attempts) * 1000)),
          }),
    )
    return dead ? 'dead' : 'retry'
  },

  async extend(job, visibilityTimeoutMs, now) {
    const r = await writeOne(() =>
      prep(`UPDATE Job SET lockedUntil = @until, updatedAt = @now WHERE ${LEASED}`).run({
        id: job.id,
        worker: job.lockedBy,
        attempts: job.attempts,
        now: sqlDate(now),
        until: sqlDate(new Date(now.getTime() + visibilityTimeoutMs)),
      }),
    )
    return r.changes > 0
  },

  async get(id, companyId) {
    const row = prep(
      `SELECT id, type, companyId, status, payload, attempts, maxAttempts, lastError FROM Job WHERE id = ? AND companyId IS ?`,
    ).get(id, companyId) as
      (Omit<JobRow, 'payload'> & { payload: string; status: JobStatus; lastError: string | null }) | undefined
    return row ? { ...row, payload: safeParse(row.payload) } : null
  },

  prune: pruneDoneJobs,
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    return null
  }
}

/** Housekeeping: finished jobs older than `days` are deleted (dead ones are kept for inspection). */
export async function pruneDoneJobs(now: Date, days = 7): Promise<number> {
  const before = sqlDate(new Date(now.getTime() - days * 86400_000))
  return writeOne(() => prep(`DELETE FROM Job WHERE status = 'done' AND finishedAt < ?`).run(before).changes)
}
