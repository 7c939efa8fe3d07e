import { ajax } from '@/lib/http/ajax'
import { knownDestination, syncIdParam } from '@/lib/data-sync/destination-param'
import { deleteSync, syncPatchBody, toSyncDto, updateSync } from '@/lib/data-sync/sync-store'
import { scheduleNextTick } from '@/lib/data-sync/run-sync'

// PATCH /ajax/data-sync/destinations/{destination}/syncs/{id} – saves lists and segments, fields, schedule; rotateSecret shows a new secret once
export const PATCH = ajax({
  resources: ['integrations_write'],
  body: syncPatchBody,
  handler: async ({ ctx, body, params }) => {
    const d = knownDestination(params.destination)
    const { sync, secret } = await updateSync(ctx.principal.companyId, d.key, syncIdParam(params.id), body)
    if (sync.enabled) await scheduleNextTick(sync.companyId, sync.id, sync.schedule)
    return { sync: toSyncDto(sync), ...(secret ? { secretKey: secret } : {}) }
  },
})

// DELETE /ajax/data-sync/destinations/{destination}/syncs/{id} – deletes the sync with its runs and logs
export const DELETE = ajax({
  resources: ['integrations_write'],
  handler: async ({ ctx, params }) => {
    const d = knownDestination(params.destination)
    await deleteSync(ctx.principal.companyId, d.key, syncIdParam(params.id))
    return { ok: true }
  },
})
