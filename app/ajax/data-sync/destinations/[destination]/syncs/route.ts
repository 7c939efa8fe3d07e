import { ajax } from '@/lib/http/ajax'
import { usableDestination } from '@/lib/data-sync/destination-param'
import { createSync, syncFormBody, toSyncDto } from '@/lib/data-sync/sync-store'
import { scheduleNextTick } from '@/lib/data-sync/run-sync'

// POST /ajax/data-sync/destinations/{destination}/syncs – creates a sync; its signing secret is in this answer only
export const POST = ajax({
  resources: ['integrations_write'],
  body: syncFormBody,
  status: 201,
  handler: async ({ ctx, body, params }) => {
    const d = usableDestination(params.destination)
    const { sync, secret } = await createSync(ctx.principal.companyId, d.key, body)
    if (sync.enabled) await scheduleNextTick(sync.companyId, sync.id, sync.schedule)
    return { sync: toSyncDto(sync), secretKey: secret }
  },
})
