import { ajax } from '@/lib/http/ajax'
import { flowHotSetting, hotSettingsQuery } from '@/lib/flows/ajax/flows-hot-settings'

// GET /ajax/flows/hot-settings?hotSettingName= – one setting of the flows screens
export const GET = ajax({
  resources: ['flows_read'],
  query: hotSettingsQuery,
  handler: ({ ctx, query }) => flowHotSetting(ctx.principal.companyId, query.hotSettingName),
})
