// The vocabulary of UTM settings, without server code so the settings screen can use it too:
// the parameters, the vendor's dynamic values per side (campaign, flow), the shapes, and the
// defaults a company without saved settings gets.
export const CAMPAIGN_DYNAMIC_VALUES = [
  'campaign_id',
  'campaign_name',
  'campaign_name_id',
  'campaign_name_send_day',
  'email_subject',
  'group_id',
  'group_name',
  'group_name_id',
  'link_alt_text',
  'message_type',
  'profile_external_id',
  'profile_id',
] as const
export const FLOW_DYNAMIC_VALUES = [
  'email_subject',
  'flow_id',
  'flow_name',
  'link_alt_text',
  'message_name',
  'message_name_id',
  'message_type',
  'profile_external_id',
  'profile_id',
] as const
export type DynamicValue = (typeof CAMPAIGN_DYNAMIC_VALUES)[number] | (typeof FLOW_DYNAMIC_VALUES)[number]

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_id', 'utm_term'] as const
export type UtmParamName = (typeof UTM_PARAMS)[number]

export const MAX_CUSTOM_PARAMS = 20

export type ParamValue = { type: 'static'; value: string } | { type: 'dynamic'; value: DynamicValue }
export interface ParamSetting {
  campaign: ParamValue | null
  flow: ParamValue | null
}
export interface CustomParam extends ParamSetting {
  name: string
}

export interface UtmSettings {
  autoAddParameters: boolean
  params: Record<UtmParamName, ParamSetting | null>
  custom: CustomParam[]
}

const dyn = (value: DynamicValue): ParamValue => ({ type: 'dynamic', value })
const fixed = (value: string): ParamValue => ({ type: 'static', value })

/** What a company without saved settings gets (the vendor's defaults with our name as the source). */
export function defaultUtmSettings(): UtmSettings {
  return {
    autoAddParameters: true,
    params: {
      utm_source: { campaign: fixed('merchant-automation'), flow: fixed('merchant-automation') },
      utm_medium: { campaign: fixed('campaign'), flow: fixed('flow') },
      utm_campaign: { campaign: dyn('campaign_name_id'), flow: dyn('flow_name') },
      utm_id: null,
      utm_term: null,
    },
    custom: [],
  }
}
