import { ajax } from '@/lib/http/ajax'
import { removeApnsKey, saveApnsKey, saveApnsKeyBody } from '@/lib/messaging/push/apns-settings'

// PUT /ajax/push/apns – saves the direct APNs key (.p8 checked, stored sealed), key id, team id, bundle id and environment
export const PUT = ajax({
  resources: ['account_settings_write'],
  body: saveApnsKeyBody,
  handler: async ({ ctx, body }) => ({ apns: await saveApnsKey(ctx.principal.companyId, body) }),
})

// DELETE /ajax/push/apns – removes the key (iOS tokens registered with APNs are no longer sent to)
export const DELETE = ajax({
  resources: ['account_settings_write'],
  handler: async ({ ctx }) => {
    await removeApnsKey(ctx.principal.companyId)
    return { ok: true }
  },
})
