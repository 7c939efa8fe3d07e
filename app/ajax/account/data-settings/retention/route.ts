import { ajax } from '@/lib/http/ajax'
import { retentionBody, saveEventRetention } from '@/lib/data-settings/event-retention'

// PUT /ajax/account/data-settings/retention {enabled, eventRetentionDays} – saves the period; on, it books the daily purge
export const PUT = ajax({
  resources: ['data_preferences_write'],
  body: retentionBody,
  handler: ({ ctx, body }) => saveEventRetention(ctx.principal.companyId, body),
})
