import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { getUtmSettings, updateUtmSettings } from '@/lib/messaging/tracking/utm-settings'
import {
  accountIdOr404,
  patchFromApi,
  serializeTrackingSetting,
  TRACKING_SETTING_FIELDS,
  updateTrackingSettingBody,
} from '@/lib/messaging/tracking/tracking-settings-api'

// GET /api/tracking-settings/{id} – the UTM tracking setting of the account with this id
export const GET = apiRoute({
  scopes: ['tracking-settings:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const id = await accountIdOr404(ctx.companyId, params.id!)
    const data = serializeTrackingSetting(
      ctx.url,
      id,
      await getUtmSettings(ctx.companyId),
      sparseFields(ctx.url, 'tracking-setting', TRACKING_SETTING_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/tracking-settings/{id} – changes the given attributes of the account's UTM tracking setting
export const PATCH = apiRoute({
  scopes: ['tracking-settings:write'],
  rate: 'M',
  body: updateTrackingSettingBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const id = await accountIdOr404(ctx.companyId, params.id!)
    const saved = await updateUtmSettings(ctx.companyId, patchFromApi(body.data.attributes))
    const data = serializeTrackingSetting(
      ctx.url,
      id,
      saved,
      sparseFields(ctx.url, 'tracking-setting', TRACKING_SETTING_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})
