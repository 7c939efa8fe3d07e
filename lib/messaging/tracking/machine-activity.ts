// Telling machine activity from people. Every open and click is recorded, but those a machine
// made carry `$machine: true` and `$machine_reason` in the event's properties, and
// isHumanEngagement / humanEngagementSql leave them out: "has opened / clicked" conditions,
// A/B winners and open and click rates should use them.
//
// The rules, first match wins (classifyHit):
//   head_request     a HEAD request (link checkers and scanners; a person's browser sends GET).
//   no_user_agent    no User-Agent header at all.
//   security_scanner a known mail-security or link-protection agent (SCANNER_AGENTS: Barracuda,
//                    Proofpoint, Mimecast, Microsoft Safe Links / Defender, Symantec, Trend Micro,
//                    Cisco/IronPort, Sophos, Forcepoint, FireEye, Zscaler, Avanan, …).
//   bot_agent        a generic robot or HTTP library (bot, crawler, spider, preview fetchers,
//                    curl, wget, python-requests, Go-http-client, Java, okhttp, headless Chrome…).
//   image_proxy      opens only: a mail provider's image proxy fetched the pixel (Gmail's
//                    GoogleImageProxy, Yahoo's YahooMailProxy, …): the person behind it is unknown.
//   apple_mpp        opens only: Apple Mail Privacy Protection prefetch: Apple's network
//                    (17.0.0.0/8, 2620:149::/32) or the bare "Mozilla/5.0" agent its proxies send.
//   too_fast         clicks only: within FAST_CLICK_SECONDS of the message leaving us (scanners
//                    follow every link on delivery; a person needs longer to receive, open, read).
// Anything else is a person.
import { sql, type Expression, type RawBuilder } from 'kysely'
import { jsonText } from '@/lib/db/dialect'

export const FAST_CLICK_SECONDS = 10

export const MACHINE_REASONS = [
  'head_request',
  'no_user_agent',
  'security_scanner',
  'bot_agent',
  'image_proxy',
  'apple_mpp',
  'too_fast',
] as const
export type MachineReason = (typeof MACHINE_REASONS)[number]

export const SCANNER_AGENTS =
  /barracuda|proofpoint|mimecast|safelinks|safe ?links|microsoft defender|symantec|messagelabs|trend ?micro|ironport|cisco|sophos|forcepoint|websense|fireeye|trellix|zscaler|avanan|check ?point|checkpoint|urldefense|bitdefender|kaspersky|eset|mcafee|spamtitan|hornet ?security|libraesva|vade ?secure|cloudmark|appriver|agari/i
export const BOT_AGENTS =
  /bot\b|bot\/|crawler|spider|slurp|preview|facebookexternalhit|curl\/|wget\/|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|libwww|httpclient|node-fetch|axios\/|undici|headlesschrome|phantomjs|scrapy/i
export const IMAGE_PROXY_AGENTS = /googleimageproxy|ggpht\.com|yahoomailproxy|outlook-?image-?proxy|ymailproxy/i

export interface Hit {
  kind: 'open' | 'click'
  method: string
  userAgent: string | null
  ip: string | null
  /** When the message left us (Send.sentAt), if known. */
  sentAt: Date | null
  at: Date
}

function ipv4InApple(ip: string): boolean {
  const m = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i.exec(ip)
  return !!m && Number(m[1]) === 17
}
const ipv6InApple = (ip: string) => /^2620:0?149:/i.test(ip)

export function classifyHit(h: Hit): MachineReason | null {
  if (h.method.toUpperCase() === 'HEAD') return 'head_request'
  const ua = h.userAgent?.trim() ?? ''
  if (!ua) return 'no_user_agent'
  if (SCANNER_AGENTS.test(ua)) return 'security_scanner'
  if (BOT_AGENTS.test(ua)) return 'bot_agent'
  if (h.kind === 'open') {
    if (IMAGE_PROXY_AGENTS.test(ua)) return 'image_proxy'
    if (ua === 'Mozilla/5.0' || (h.ip && (ipv4InApple(h.ip) || ipv6InApple(h.ip)))) return 'apple_mpp'
  }
  if (h.kind === 'click' && h.sentAt && h.at.getTime() - h.sentAt.getTime() < FAST_CLICK_SECONDS * 1000)
    return 'too_fast'
  return null
}

/** The properties an event gets for a classified hit. */
export const machineProps = (reason: MachineReason | null): Record<string, unknown> =>
  reason ? { $machine: true, $machine_reason: reason } : {}

/** Whether an Opened/Clicked event's properties describe a person (not flagged as machine activity). */
export function isHumanEngagement(properties: Record<string, unknown> | null | undefined): boolean {
  return properties?.$machine !== true
}

/**
 * SQL predicate over an Event.properties column (JSON text), on both engines: true unless the
 * event is flagged. e.g. `.where(humanEngagementSql(sql.ref('Event.properties')))`.
 */
export function humanEngagementSql(propertiesColumn: Expression<unknown>): RawBuilder<boolean> {
  const flag = jsonText(propertiesColumn, '$machine')
  return sql<boolean>`(${flag} is null or ${flag} <> 'true')`
}
