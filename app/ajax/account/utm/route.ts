import { ajax, z } from '@/lib/http/ajax'
import {
  CAMPAIGN_DYNAMIC_VALUES,
  customParams,
  defaultUtmSettings,
  FLOW_DYNAMIC_VALUES,
  getUtmSettings,
  paramSetting,
  updateUtmSettings,
  type UtmSettings,
} from '@/lib/messaging/tracking/utm-settings'

/** The screen's shape: the settings, the defaults (for "reset") and the dynamic values each side offers. */
function view(s: UtmSettings) {
  return {
    utm: { autoAddParameters: s.autoAddParameters, params: s.params, customParameters: s.custom },
    defaults: (({ autoAddParameters, params, custom }) => ({ autoAddParameters, params, customParameters: custom }))(
      defaultUtmSettings(),
    ),
    dynamicValues: { campaign: CAMPAIGN_DYNAMIC_VALUES, flow: FLOW_DYNAMIC_VALUES },
  }
}
export type UtmSettingsResponse = ReturnType<typeof view>

// Keys arrive camelized (utm_source → utmSource) by the wrapper; the stored names are the vendor's.
const putUtmBody = z.object({
  autoAddParameters: z.boolean(),
  params: z.strictObject({
    utmSource: paramSetting,
    utmMedium: paramSetting,
    utmCampaign: paramSetting.nullable(),
    utmId: paramSetting.nullable(),
    utmTerm: paramSetting.nullable(),
  }),
  customParameters: customParams,
})

// GET /ajax/account/utm – the account's UTM tracking settings (/settings/other/utm-tracking)
export const GET = ajax({
  resources: ['account_settings_read'],
  handler: async ({ ctx }) => view(await getUtmSettings(ctx.principal.companyId)),
})

// PUT /ajax/account/utm – replaces them (CSRF: X-CSRFToken from the kl_csrftoken cookie, seed 002 §9)
export const PUT = ajax({
  resources: ['account_settings_write'],
  body: putUtmBody,
  handler: async ({ ctx, body }) => {
    const p = body.params
    const saved = await updateUtmSettings(ctx.principal.companyId, {
      autoAddParameters: body.autoAddParameters,
      params: {
        utm_source: p.utmSource,
        utm_medium: p.utmMedium,
        utm_campaign: p.utmCampaign,
        utm_id: p.utmId,
        utm_term: p.utmTerm,
      },
      custom: body.customParameters,
    })
    return view(saved)
  },
})
