// Enqueue a job as one more query of the caller's Ops (lib/db/ops.ts), so the job exists if
// and only if the caller's transaction commits, on either engine. It writes what
// lib/jobs' enqueueInSqliteTransaction / enqueueInPostgresTransaction write (the Job table;
// app_jobs.add_job on PostgreSQL, whose schema jobQueue().prepare() installs — createSends
// calls it before the transaction). Call wakeWorkers() after the commit. In lib/jobs (it was
// lib/messaging's) because the catalog, flows, webhooks and campaigns enqueue this way too, and
// the job queue is the base layer they all build on (issue 30, the folder import cycle).
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import type { EnqueueOptions } from '@/lib/jobs/job-queue'

export function* enqueueJobOps(type: string, payload: unknown, opts: EnqueueOptions, now: Date): Ops<void> {
  const json = JSON.stringify(payload ?? null)
  if (dbEngine() === 'postgresql') {
    yield* select(
      CompiledQuery.raw('select app_jobs.add_job($1, $2::json, $3, $4, $5, $6) as id', [
        type,
        json,
        opts.companyId ?? null,
        opts.runAt ?? now,
        opts.maxAttempts ?? 5,
        opts.idempotencyKey ?? null,
      ]),
    )
    return
  }
  yield* exec(
    kysely()
      .insertInto('Job')
      .values({
        type,
        companyId: opts.companyId ?? null,
        payload: json,
        status: 'queued',
        attempts: 0,
        maxAttempts: opts.maxAttempts ?? 5,
        runAt: opts.runAt ?? now,
        idempotencyKey: opts.idempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing()),
  )
}
