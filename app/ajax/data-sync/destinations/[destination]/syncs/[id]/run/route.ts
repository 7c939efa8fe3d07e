import { ajax } from '@/lib/http/ajax'
import { knownDestination, syncIdParam } from '@/lib/data-sync/destination-param'
import { getSyncOrThrow } from '@/lib/data-sync/sync-store'
import { startSyncRun } from '@/lib/data-sync/start-sync-run'

// POST /ajax/data-sync/destinations/{destination}/syncs/{id}/run – starts a run now (the unfinished one if any)
export const POST = ajax({
  resources: ['integrations_write'],
  status: 202,
  handler: async ({ ctx, params }) => {
    const d = knownDestination(params.destination)
    const sync = await getSyncOrThrow(ctx.principal.companyId, d.key, syncIdParam(params.id))
    const started = (await startSyncRun(ctx.principal.companyId, sync.id, 'manual'))!
    return { runId: started.run.id, status: started.run.status, created: started.created }
  },
})
