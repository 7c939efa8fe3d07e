// Click and open tracking of a rendered email's HTML and the company's UTM parameters.
//
// Each http(s) link becomes a click redirect (/t/c/{token}, tracking-token.ts) whose signed
// destination is the original URL with the UTM parameters appended (utm-params.ts); the open
// pixel (/t/o/{token}) goes before </body>. Left as written: mailto:, tel:, sms:, anchors
// (#…), relative and other non-http links, links into this application itself (unsubscribe,
// manage preferences, web view: they are APP_URL links and must keep working without a
// redirect), links marked data-no-track, and destinations over MAX_TRACKED_URL. UTM
// parameters are added even when click tracking is off.
//
// The switches: EmailSettings.openTracking / clickTracking for the company (/settings/email),
// overridden per message by context.$tracking.is_tracking_opens / is_tracking_clicks.
// renderEmail calls this synchronously, so the company's settings come from a per-process
// cache that the email channel fills first with primeEmailTracking(companyId); when a send's
// company is not in the cache this pass tracks nothing (never tracking against a switch that
// says off) and loads it for the next message.
import { db } from '@/lib/db/client'
import { appLink, appUrl } from '@/lib/config/app-url'
import type { ClaimedSend } from '../claim-sends'
import { clickToken, MAX_TRACKED_URL, openToken } from './tracking-token'
import { cachedUtmSettings, type UtmSettings } from './utm-settings'
import { appendParams, messageTrackingOf, utmParamsFor } from './utm-params'

export interface EmailTrackingConfig {
  opens: boolean
  clicks: boolean
  utm: UtmSettings
}

const TTL_MS = 5_000
const g = globalThis as unknown as { __emailTracking?: Map<number, { at: number; value: EmailTrackingConfig }> }
const loaded = () => (g.__emailTracking ??= new Map())

/** Loads the company's tracking configuration into the cache (at most every TTL_MS) and returns it. */
export async function primeEmailTracking(companyId: number, now = Date.now()): Promise<EmailTrackingConfig> {
  const hit = loaded().get(companyId)
  if (hit && now - hit.at < TTL_MS) return hit.value
  const [switches, utm] = await Promise.all([
    db.emailSettings.findUnique({ where: { companyId }, select: { openTracking: true, clickTracking: true } }),
    cachedUtmSettings(companyId, now),
  ])
  const value = { opens: switches?.openTracking ?? true, clicks: switches?.clickTracking ?? true, utm }
  loaded().set(companyId, { at: now, value })
  return value
}

export function forgetEmailTracking(companyId?: number): void {
  if (companyId === undefined) loaded().clear()
  else loaded().delete(companyId)
}

export const openPixelUrl = (s: Pick<ClaimedSend, 'companyId' | 'id'>) =>
  appLink('/t/o/' + openToken({ companyId: s.companyId, sendId: s.id }))
export const clickUrl = (s: Pick<ClaimedSend, 'companyId' | 'id'>, index: number, url: string) =>
  appLink('/t/c/' + clickToken({ companyId: s.companyId, sendId: s.id, index, url }))

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
  '#34': '"',
}
const decodeAttr = (v: string) =>
  v.replace(/&(amp|lt|gt|quot|apos|#39|#x27|#34);/gi, (m, e: string) => ENTITIES[e.toLowerCase()] ?? m)
const encodeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The words of a link for the link_alt_text value: its text, else an image's alt. */
function altTextOf(inner: string): string | undefined {
  const text = decodeAttr(inner.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
  if (text) return text.slice(0, 200)
  const alt = /<img\b[^>]*\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(inner)
  return alt
    ? decodeAttr(alt[1] ?? alt[2] ?? '')
        .trim()
        .slice(0, 200) || undefined
    : undefined
}

/** Whether a link is one the decorator rewrites (see the header). */
export function isTrackableUrl(url: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+/i.test(url) || url.length > MAX_TRACKED_URL) return false
  const own = appUrl().toLowerCase()
  const lower = url.toLowerCase()
  return !(lower === own || lower.startsWith(own + '/') || lower.startsWith(own + '?') || lower.startsWith(own + '#'))
}

const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi
const HREF = /(\bhref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i

export function decorateEmailHtml(s: ClaimedSend, html: string, now: Date, config?: EmailTrackingConfig): string {
  const cfg = config ?? loaded().get(s.companyId)?.value
  if (!cfg) {
    void primeEmailTracking(s.companyId).catch(() => {})
    return html
  }
  if (s.sourceType === 'preview' || s.sourceType === 'alert') return html
  const own = messageTrackingOf(s)
  const trackClicks = own.is_tracking_clicks ?? cfg.clicks
  const trackOpens = own.is_tracking_opens ?? cfg.opens
  let index = 0
  let out = html.replace(ANCHOR, (whole, attrs: string, inner: string) => {
    if (/\bdata-no-track\b/i.test(attrs)) return whole
    const m = HREF.exec(attrs)
    if (!m) return whole
    const href = decodeAttr((m[2] ?? m[3] ?? m[4] ?? '').trim())
    if (!isTrackableUrl(href)) return whole
    const tagged = appendParams(href, utmParamsFor(s, cfg.utm, { altText: altTextOf(inner) }, now))
    const target = trackClicks && tagged.length <= MAX_TRACKED_URL ? clickUrl(s, index++, tagged) : tagged
    if (target === href) return whole
    const newAttrs = attrs.slice(0, m.index) + `${m[1]}"${encodeAttr(target)}"` + attrs.slice(m.index + m[0].length)
    return `<a${newAttrs}>${inner}</a>`
  })
  if (trackOpens) {
    const pixel = `<img src="${encodeAttr(openPixelUrl(s))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;margin:0;padding:0" />`
    const close = out.search(/<\/body\s*>/i)
    out = close < 0 ? out + pixel : out.slice(0, close) + pixel + out.slice(close)
  }
  return out
}
