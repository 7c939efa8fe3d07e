import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { getBisSettings, saveBisSettings } from '@/lib/catalog/back-in-stock/settings'
import { catalogCall } from '@/lib/catalog/ajax-result'

// GET /ajax/account/email/back-in-stock – the back-in-stock settings (/settings/other/bis-settings)
export const GET = ajax({
  partial: ['back_in_stock_read', 'account_settings_read'],
  handler: ({ ctx }) => catalogCall(async () => ({ settings: await getBisSettings(ctx.principal.companyId) })),
})

// POST /ajax/account/email/back-in-stock – saves them (inventoryThreshold, batchSize, batchIntervalMinutes); 400 success:false with field errors
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: z.record(z.string(), z.unknown()),
  handler: ({ ctx, body }) =>
    catalogCall(async () => ({ settings: await saveBisSettings(ctx.principal.companyId, body) })),
})
