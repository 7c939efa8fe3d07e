// The screen's preview of a tagged link: the settings applied to an example URL with sample
// values for the dynamic parameters (what a real send fills in from its campaign or flow).
import { appendParams } from '@/lib/messaging/tracking/append-params'
import { UTM_PARAMS, type DynamicValue, type ParamValue } from '@/lib/messaging/tracking/utm-constants'
import type { UtmForm } from './utm-form-model'

export const SAMPLE_VALUES: Record<DynamicValue, string> = {
  campaign_id: '01HX4C2M9Q',
  campaign_name: 'Spring Sale',
  campaign_name_id: 'Spring Sale (01HX4C2M9Q)',
  campaign_name_send_day: 'Spring Sale (2026-04-01)',
  email_subject: 'New arrivals are here',
  group_id: 'Xy12Ab',
  group_name: 'Newsletter',
  group_name_id: 'Newsletter (Xy12Ab)',
  link_alt_text: 'Shop now',
  message_type: 'email',
  profile_external_id: 'C-1042',
  profile_id: '01HX4D7K3B',
  flow_id: 'R8fT2q',
  flow_name: 'Welcome Series',
  message_name: 'Welcome Email 1',
  message_name_id: 'Welcome Email 1 (01HX4E0P1Z)',
}

const valueOf = (p: ParamValue | null) => (!p ? '' : p.type === 'static' ? p.value.trim() : SAMPLE_VALUES[p.value])

export function previewUrl(url: string, form: UtmForm, side: 'campaign' | 'flow'): string {
  if (!form.autoAddParameters) return url
  const params: Array<[string, string]> = []
  for (const name of UTM_PARAMS) {
    const v = valueOf(form.params[name][side])
    if (v) params.push([name, v])
  }
  for (const c of form.custom) {
    const v = valueOf(c[side])
    if (c.name.trim() && v) params.push([c.name.trim(), v])
  }
  return appendParams(url, params)
}
