// Enqueue many jobs of one type as one more query of the caller's Ops (lib/db/ops.ts), so they
// exist if and only if the caller's transaction commits: the set-based sibling of
// lib/jobs/enqueue-job-ops.ts, for a caller that decides many jobs at once (the journey
// engine queues one delivery job per Send of a batch of runs). SQLite: multi-row INSERTs into
// the Job table; PostgreSQL: app_jobs.add_jobs, one call of graphile-worker's add_jobs for all
// (postgres-job-queue.ts; the queue's schema must be installed: jobQueue().prepare()). No idempotency keys (each job is new); the
// caller wakes the workers after the commit (wakeWorkers()).
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import type { EnqueueOptions } from './job-queue'

const CHUNK = 500

/** Adds one job per payload; returns how many were added. */
export function* enqueueManyJobsOps(
  type: string,
  payloads: unknown[],
  opts: Omit<EnqueueOptions, 'idempotencyKey'>,
  now: Date,
): Ops<number> {
  if (!payloads.length) return 0
  if ('idempotencyKey' in opts && (opts as EnqueueOptions).idempotencyKey != null)
    throw new Error('enqueueManyJobsOps takes no idempotency key.')
  if (dbEngine() === 'postgresql') {
    const rows = yield* select<{ n: string | number }>(
      CompiledQuery.raw('select app_jobs.add_jobs($1, $2::json, $3, $4, $5) as n', [
        type,
        JSON.stringify(payloads.map((p) => p ?? null)),
        opts.companyId ?? null,
        opts.runAt ?? now,
        opts.maxAttempts ?? 5,
      ]),
    )
    return Number(rows[0]?.n ?? 0)
  }
  let added = 0
  for (let i = 0; i < payloads.length; i += CHUNK) {
    added += yield* exec(
      kysely()
        .insertInto('Job')
        .values(
          payloads.slice(i, i + CHUNK).map((p) => ({
            type,
            companyId: opts.companyId ?? null,
            payload: JSON.stringify(p ?? null),
            status: 'queued',
            attempts: 0,
            maxAttempts: opts.maxAttempts ?? 5,
            runAt: opts.runAt ?? now,
            idempotencyKey: null,
            createdAt: now,
            updatedAt: now,
          })),
        ),
    )
  }
  return added
}
