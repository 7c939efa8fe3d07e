import { ajax } from '@/lib/http/ajax'
import { getEventRetention } from '@/lib/data-settings/event-retention'
import { listAccountExports } from '@/lib/data-settings/account-export'

// GET /ajax/account/data-settings – event retention with its counts, and the caller's account exports
export const GET = ajax({
  partial: ['account_settings_read', 'data_preferences_write'],
  handler: async ({ ctx }) => ({
    retention: await getEventRetention(ctx.principal.companyId),
    canEditRetention: ctx.principal.resources.has('data_preferences_write'),
    canExport: ctx.principal.role === 'owner',
    exports: await listAccountExports(ctx.principal.companyId, ctx.principal.userId),
  }),
})
