// The UTM parameters of one link of one send: the company's settings (utm-settings.ts) on the
// side of the message's source (campaign or flow), dynamic values filled from the send, and
// the message's own tracking options. Callers that create Sends name their message in the
// send's context: `$source` (TrackingSource) and, optionally, `$tracking` (the vendor's
// tracking_options of a campaign or flow email).
import type { ClaimedSend } from '../claim-sends'
import { UTM_PARAMS, type DynamicValue, type ParamValue, type UtmSettings } from './utm-constants'

/** What the send's context says about its message (context.$source), all optional. */
export interface TrackingSource {
  kind?: 'campaign' | 'flow'
  campaignId?: string
  campaignName?: string
  flowId?: string
  flowName?: string
  messageId?: string
  messageName?: string
  groupId?: string
  groupName?: string
}

/** The message's own tracking options (context.$tracking), in the vendor's names. */
export interface MessageTrackingOptions {
  is_tracking_opens?: boolean
  is_tracking_clicks?: boolean
  add_tracking_params?: boolean
  /** Replace the company's parameter of the same name for this message: campaign shape {type, name, value}, flow shape {param, value}. */
  custom_tracking_params?: Array<{ type?: 'static' | 'dynamic'; name?: string; param?: string; value: string }>
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined

export function trackingSourceOf(s: Pick<ClaimedSend, 'context'>): TrackingSource {
  const c = obj(s.context.$source)
  const kind = c.kind === 'campaign' || c.kind === 'flow' ? c.kind : undefined
  return {
    kind,
    campaignId: str(c.campaignId),
    campaignName: str(c.campaignName),
    flowId: str(c.flowId),
    flowName: str(c.flowName),
    messageId: str(c.messageId),
    messageName: str(c.messageName),
    groupId: str(c.groupId),
    groupName: str(c.groupName),
  }
}

export function messageTrackingOf(s: Pick<ClaimedSend, 'context'>): MessageTrackingOptions {
  const t = obj(s.context.$tracking)
  const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined)
  const custom = Array.isArray(t.custom_tracking_params)
    ? t.custom_tracking_params
        .map(obj)
        .filter((p) => str(p.name ?? p.param) && typeof p.value === 'string')
        .map((p) => ({
          type: p.type === 'dynamic' ? ('dynamic' as const) : ('static' as const),
          name: str(p.name ?? p.param)!,
          value: String(p.value),
        }))
    : undefined
  return {
    is_tracking_opens: bool(t.is_tracking_opens),
    is_tracking_clicks: bool(t.is_tracking_clicks),
    add_tracking_params: bool(t.add_tracking_params),
    custom_tracking_params: custom,
  }
}

/** Which side of the settings applies: flows' actions are flows, campaign messages campaigns, others only when $source says. */
export function sideOf(s: Pick<ClaimedSend, 'sourceType' | 'context'>): 'campaign' | 'flow' | null {
  if (s.sourceType === 'flow_action_run') return 'flow'
  if (s.sourceType === 'campaign_message') return 'campaign'
  return trackingSourceOf(s).kind ?? null
}

/** The subject as written, without its template tags (the rendered one is not known to the HTML pass). */
const plainSubject = (subject: string | undefined) =>
  subject
    ?.replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g, '')
    .replace(/\s+/g, ' ')
    .trim() || undefined

const nameId = (name?: string, id?: string) => (name && id ? `${name} (${id})` : (name ?? id))

export interface LinkInfo {
  altText?: string
}

export function dynamicValue(
  v: DynamicValue,
  s: ClaimedSend,
  side: 'campaign' | 'flow',
  link: LinkInfo,
  now: Date,
): string | undefined {
  const src = trackingSourceOf(s)
  const campaignId =
    src.campaignId ?? (side === 'campaign' && s.sourceType === 'campaign_message' ? s.sourceId : undefined)
  switch (v) {
    case 'campaign_id':
      return campaignId
    case 'campaign_name':
      return src.campaignName
    case 'campaign_name_id':
      return nameId(src.campaignName, campaignId)
    case 'campaign_name_send_day':
      return src.campaignName ? `${src.campaignName} (${now.toISOString().slice(0, 10)})` : undefined
    case 'email_subject':
      return plainSubject(s.content.subject)
    case 'group_id':
      return src.groupId
    case 'group_name':
      return src.groupName
    case 'group_name_id':
      return nameId(src.groupName, src.groupId)
    case 'link_alt_text':
      return link.altText || undefined
    case 'message_type':
      return s.channel
    case 'profile_external_id':
      return s.profile.externalId ?? undefined
    case 'profile_id':
      return s.profile.id
    case 'flow_id':
      return src.flowId
    case 'flow_name':
      return src.flowName
    case 'message_name':
      return src.messageName
    case 'message_name_id':
      return nameId(src.messageName, src.messageId ?? (side === 'flow' ? s.sourceId : undefined))
  }
}

function valueOf(
  p: ParamValue | null,
  s: ClaimedSend,
  side: 'campaign' | 'flow',
  link: LinkInfo,
  now: Date,
): string | undefined {
  if (!p) return undefined
  return p.type === 'static' ? p.value : dynamicValue(p.value, s, side, link, now)
}

/** name → value of the parameters to add to one link, in order; empty when UTM tagging is off for this send. */
export function utmParamsFor(
  s: ClaimedSend,
  settings: UtmSettings,
  link: LinkInfo,
  now: Date,
): Array<[string, string]> {
  const side = sideOf(s)
  if (!side) return []
  const own = messageTrackingOf(s)
  if (!(own.add_tracking_params ?? settings.autoAddParameters)) return []
  const out = new Map<string, string>()
  for (const name of UTM_PARAMS) {
    const v = valueOf(settings.params[name]?.[side] ?? null, s, side, link, now)
    if (v) out.set(name, v)
  }
  for (const c of settings.custom) {
    const v = valueOf(c[side], s, side, link, now)
    if (v) out.set(c.name, v)
  }
  for (const c of own.custom_tracking_params ?? []) {
    const v = c.type === 'dynamic' ? dynamicValue(c.value as DynamicValue, s, side, link, now) : c.value
    if (v) out.set(c.name!, v)
    else out.delete(c.name!)
  }
  return [...out]
}

export { appendParams } from './append-params'
