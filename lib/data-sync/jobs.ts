// The data syncs' job handlers (registered by lib/server/job-handlers.ts).
import { db } from '@/lib/db/client'
import { registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { DATA_SYNC_TICK_JOB, runSync, scheduleNextTick } from './run-sync'
import { DATA_SYNC_RUN_JOB, startSyncRun } from './start-sync-run'

export function register(): void {
  registerJobHandler(DATA_SYNC_RUN_JOB, async (payload: { runId: number }, ctx) => {
    if (ctx.companyId == null) return
    // A later attempt of the job: the worker of the earlier one died holding the run (or failed
    // with it 'running'); one job per run at a time, so the run is this job's to take over.
    await runSync(ctx.companyId, Number(payload.runId), queueNow(), { takeOver: ctx.attempt > 1 })
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
