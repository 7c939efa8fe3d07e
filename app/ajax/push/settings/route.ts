import { ajax } from '@/lib/http/ajax'
import { removePushServiceAccount } from '@/lib/messaging/push/push-settings'
import { savePushSettings, savePushSettingsBody } from '@/lib/messaging/push/push-setup'

// PUT /ajax/push/settings – uploads the FCM service-account JSON (validated, stored sealed)
export const PUT = ajax({
  resources: ['account_settings_write'],
  body: savePushSettingsBody,
  handler: async ({ ctx, body }) => ({
    settings: await savePushSettings(ctx.principal.companyId, body.serviceAccountJson),
  }),
})

// DELETE /ajax/push/settings – removes the service account (push stops)
export const DELETE = ajax({
  resources: ['account_settings_write'],
  handler: async ({ ctx }) => {
    await removePushServiceAccount(ctx.principal.companyId)
    return { ok: true }
  },
})
