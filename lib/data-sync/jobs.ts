// The data syncs' job handlers (registered by lib/server/job-handlers.ts).
import { db } from '@/lib/db/client'
import { registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { DATA_SYNC_TICK_JOB, runSync, scheduleNextTick } from './run-sync'
import { DATA_SYNC_RUN_JOB, startSyncRun } from './start-sync-run'

export function register(): void {
  registerJobHandler(DATA_SYNC_RUN_JOB, async (payload: { runId: number }, ctx) => {
    if (ctx.companyId == null) return
    // The job attempt is the run's holder: a later attempt of this job takes over a run its
    // earlier (dead) attempt held; any other job leaves a held run alone until the hold lapses.
    await runSync(ctx.companyId, Number(payload.runId), { jobId: ctx.jobId, attempt: ctx.attempt }, queueNow())
  })
  // A scheduled tick starts a run and books the next period; a paused, manual or deleted sync
  // ends the chain (saving it with a schedule books it again).
  registerJobHandler(DATA_SYNC_TICK_JOB, async (payload: { syncId: number }, ctx) => {
    if (ctx.companyId == null) return
    const sync = await db.dataSync.findFirst({ where: { companyId: ctx.companyId, id: Number(payload.syncId) } })
    if (!sync || !sync.enabled || sync.schedule === 'manual') return
    const now = queueNow()
    await startSyncRun(ctx.companyId, sync.id, 'schedule', now)
    await scheduleNextTick(ctx.companyId, sync.id, sync.schedule, now)
  })
}
