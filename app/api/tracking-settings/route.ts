import { apiRoute } from '@/lib/api/api-route'
import { collection } from '@/lib/api/json-api'
import { pageSize, sparseFields } from '@/lib/api/query-params'
import { getUtmSettings } from '@/lib/messaging/tracking/utm-settings'
import {
  accountIdOr404,
  serializeTrackingSetting,
  TRACKING_SETTING_FIELDS,
} from '@/lib/messaging/tracking/tracking-settings-api'

// GET /api/tracking-settings – the account's UTM tracking setting (an array of one)
export const GET = apiRoute({
  scopes: ['tracking-settings:read'],
  rate: 'M',
  handler: async ({ ctx }) => {
    pageSize(ctx.url, { def: 1, max: 100 })
    const fields = sparseFields(ctx.url, 'tracking-setting', TRACKING_SETTING_FIELDS)
    const id = await accountIdOr404(ctx.companyId)
    const self = ctx.url.origin + ctx.url.pathname + ctx.url.search
    return collection([serializeTrackingSetting(ctx.url, id, await getUtmSettings(ctx.companyId), fields)], {
      self,
      next: null,
      prev: null,
    })
  },
})
