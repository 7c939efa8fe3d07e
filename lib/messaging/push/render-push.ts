// Renders a claimed push Send for its profile: the title from content.subject and the body
// from content.text, through the template language (text mode), with the profile as
// `person` (and its fields at the top level) and the send's own context, as email does. The
// options of content.push (push-content.ts) are rendered too (image and deep link may hold
// tags; a set_property badge reads the profile's property), then shaped into the FCM HTTP v1
// message (with its android and apns blocks) or a direct APNs request.
import { prepareScope, renderTemplate } from '@/lib/templates/render-template'
import { parseProps } from '@/lib/profiles/profile-store'
import type { ClaimedSend } from '../claim-sends'
import { templateLink } from '../unsubscribe-link'
import { DEFAULT_PUSH_OPTIONS } from './push-content'

export interface RenderedPush {
  title: string
  body: string
  imageUrl: string | null
  /** The deep link to open; null opens the app's home screen. */
  openUrl: string | null
  /** increment: the app adds one; set: this count; none: the badge is left alone. */
  badge: { kind: 'none' } | { kind: 'increment' } | { kind: 'set'; count: number }
  silent: boolean
}

/** Throws TemplateRenderError / TemplateSyntaxError when the template cannot be rendered. */
export function renderPush(s: ClaimedSend, now: Date): RenderedPush {
  const p = s.profile
  const props = parseProps(p.properties)
  const person = {
    ...props,
    id: p.id,
    email: p.email,
    phone_number: p.phoneNumber,
    external_id: p.externalId,
    first_name: p.firstName,
    last_name: p.lastName,
    organization: p.organization,
    title: p.title,
    city: p.city,
    region: p.region,
    country: p.country,
    zip: p.zip,
  }
  const co = s.company
  const opts = {
    mode: 'text' as const,
    timeZone: p.timezone || co.timezone,
    locale: p.locale || undefined,
    currency: co.currency,
    now,
    organization: {
      name: co.name,
      url: co.websiteUrl,
      address1: co.addressLine1,
      address2: co.addressLine2,
      city: co.city,
      region: co.addressRegion,
      postalCode: co.postalCode,
      country: co.country,
    },
    links: (kind: Parameters<typeof templateLink>[1]) => templateLink(s, kind),
  }
  const context = { ...person, person, ...s.context }
  // one render budget for every part of the message (render-limits.ts)
  const scope = prepareScope(context, opts)
  const render = (src: string) => renderTemplate(src, context, opts, scope)
  const o = s.content.push ?? DEFAULT_PUSH_OPTIONS
  const title = render(s.content.subject ?? '')
    .replace(/[\r\n]+/g, ' ')
    .trim()
  const body = render(s.content.text ?? '').trim()
  const imageUrl = o.imageUrl ? render(o.imageUrl).trim() : ''
  const openUrl = o.openAction.type === 'deep_link' ? render(o.openAction.url).trim() : ''
  return {
    title,
    body,
    // a rendered address that is not https (an empty property, say) is dropped, not sent broken
    imageUrl: /^https:\/\/\S+$/i.test(imageUrl) ? imageUrl : null,
    openUrl: openUrl || null,
    badge: badgeOf(o.badge, props),
    silent: o.type === 'silent',
  }
}

function badgeOf(b: (typeof DEFAULT_PUSH_OPTIONS)['badge'], props: Record<string, unknown>): RenderedPush['badge'] {
  if (b.type === 'increment') return { kind: 'increment' }
  if (b.type === 'set_count') return { kind: 'set', count: b.count }
  if (b.type === 'set_property') {
    const n = Number(props[b.property])
    // a profile without a usable number leaves the badge as it is rather than clearing it
    return Number.isFinite(n) && n >= 0 ? { kind: 'set', count: Math.floor(n) } : { kind: 'none' }
  }
  return { kind: 'none' }
}

/** The data every push carries for the SDK (FCM data values must be strings). */
export function pushData(m: RenderedPush, extra: Record<string, string>): Record<string, string> {
  return {
    ...extra,
    ...(m.openUrl ? { url: m.openUrl } : {}),
    ...(m.imageUrl ? { image_url: m.imageUrl } : {}),
    ...(m.badge.kind === 'increment' ? { badge_action: 'increment' } : {}),
    ...(m.badge.kind === 'set' ? { badge_action: 'set_count', badge_count: String(m.badge.count) } : {}),
    notification_type: m.silent ? 'silent' : 'standard',
  }
}

/** The aps dictionary of an iOS push (through FCM's apns block or direct to APNs). */
export function apsOf(m: RenderedPush): Record<string, unknown> {
  const badge = m.badge.kind === 'set' ? { badge: m.badge.count } : {}
  // a silent push wakes the app and shows nothing: content-available and no alert
  if (m.silent) return { 'content-available': 1, ...badge }
  return {
    alert: { title: m.title, body: m.body },
    sound: 'default',
    ...badge,
    // lets the app's notification service extension fetch the image and apply an increment
    ...(m.imageUrl || m.badge.kind === 'increment' ? { 'mutable-content': 1 } : {}),
  }
}

/** The headers and JSON body of a direct APNs request. */
export function apnsRequestOf(m: RenderedPush, data: Record<string, string>) {
  return {
    pushType: m.silent ? ('background' as const) : ('alert' as const),
    // Apple requires priority 5 for background pushes
    priority: m.silent ? 5 : 10,
    payload: { ...data, aps: apsOf(m) } as Record<string, unknown> & { aps: Record<string, unknown> },
  }
}

/** The FCM HTTP v1 message for one device token. */
export function fcmMessageOf(m: RenderedPush, token: string, data: Record<string, string>): Record<string, unknown> {
  const apns = apnsRequestOf(m, {})
  return {
    token,
    ...(m.silent
      ? {}
      : { notification: { title: m.title, body: m.body, ...(m.imageUrl ? { image: m.imageUrl } : {}) } }),
    data,
    android: {
      priority: m.silent ? 'normal' : 'high',
      ...(m.silent
        ? {}
        : {
            notification: {
              ...(m.imageUrl ? { image: m.imageUrl } : {}),
              ...(m.badge.kind === 'set' ? { notification_count: m.badge.count } : {}),
            },
          }),
    },
    apns: {
      headers: { 'apns-push-type': apns.pushType, 'apns-priority': String(apns.priority) },
      payload: apns.payload,
      ...(m.imageUrl && !m.silent ? { fcm_options: { image: m.imageUrl } } : {}),
    },
  }
}
