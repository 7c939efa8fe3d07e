// Each worker process (./worker.ts) writes its last sign of life every few seconds (issue 22 §3), so a web
// process can tell whether any worker is alive although workers run elsewhere. A beat is one
// upsert of the process's own row; rows not renewed for a day are removed by the next beat.
import { CompiledQuery } from 'kysely'
import { placeholder } from '@/lib/db/dialect'
import { exec, inWriteTx, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'

export const HEARTBEAT_EVERY_MS = 5_000
/** A worker that has not beaten for this long counts as gone. */
export const HEARTBEAT_STALE_MS = 30_000
const FORGET_AFTER_MS = 86_400_000

export function* beatOps(workerId: string, startedAt: Date, now: Date): Ops<void> {
  yield* exec(
    CompiledQuery.raw(
      `insert into "WorkerHeartbeat" ("workerId", "startedAt", "beatAt") values (${placeholder(1)}, ${placeholder(2)}, ${placeholder(3)})
       on conflict ("workerId") do update set "beatAt" = excluded."beatAt"`,
      [workerId, dbDate(startedAt), dbDate(now)],
    ),
  )
  yield* exec(
    CompiledQuery.raw(`delete from "WorkerHeartbeat" where "beatAt" < ${placeholder(1)}`, [
      dbDate(new Date(now.getTime() - FORGET_AFTER_MS)),
    ]),
  )
}

/** Beats now and every HEARTBEAT_EVERY_MS until the returned stop(); a failed beat is retried at the next tick. */
export function startHeartbeat(workerId: string, now: () => Date = () => new Date()): () => void {
  const startedAt = now()
  const beat = () => void inWriteTx(() => beatOps(workerId, startedAt, now())).catch(() => {})
  beat()
  const timer = setInterval(beat, HEARTBEAT_EVERY_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}
