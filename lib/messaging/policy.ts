// Sending policy, in one place: a pure function of the profile's consent and suppressions, its
// recent sends, the company's settings and a clock. The worker calls it when it claims a Send
// (lib/messaging/claim-sends.ts), so every skip and deferral is decided — and recorded with
// its reason on the Send row — here.
//
// - Email marketing goes to anyone with an address who is not suppressed and has not
//   unsubscribed (the vendor's implicit consent). SMS and WhatsApp marketing need an explicit
//   'subscribed'. Push marketing goes unless the profile unsubscribed from push.
// - Marketing email needs the sender's postal address (postal-address.ts): without one it is
//   skipped as 'no_postal_address' rather than sent without the footer the law asks for.
// - Transactional messages bypass marketing consent, smart sending, caps and quiet hours, but
//   never go to a hard bounce or a spam complaint.
// - Smart sending: a marketing message is skipped when the profile got a marketing message on
//   that channel within the window (16 h by default, per company; 0 turns it off).
// - Frequency caps per channel: N marketing messages per rolling 24 h and per rolling 7 days.
// - Quiet hours (SMS and push marketing) in the profile's own time zone, else the company's:
//   deferred until the quiet period ends, never dropped.
// - The plan's monthly allowance (issue 26): a marketing message that would go past what the
//   account's plan leaves this period is skipped as 'plan_limit'; the claim (claim-sends.ts) has
//   already tried the auto-upgrade the account consented to before it asks again.
// - Staff decisions (issue 27 §2, account-restrictions.ts), before everything, transactional
//   included: a suspended account sends nothing ('sending_suspended'); a litigator's number is
//   never texted; SMS restrictions block SMS or keep it to some country calling codes.
import type { Channel } from './types'

export interface PolicySettings {
  smartSendingHours: number
  quietHoursEnabled: boolean
  /** Local minutes after midnight; start > end spans midnight (21:00–08:00 by default). */
  quietHoursStart: number
  quietHoursEnd: number
  frequencyCaps: Partial<Record<Channel, { day?: number; week?: number }>>
}

export const DEFAULT_POLICY_SETTINGS: PolicySettings = {
  smartSendingHours: 16,
  quietHoursEnabled: true,
  quietHoursStart: 21 * 60,
  quietHoursEnd: 8 * 60,
  frequencyCaps: {},
}

export interface PolicyInput {
  channel: Channel
  transactional: boolean
  profile: { email: string | null; phoneNumber: string | null; timezone: string | null }
  /** Consent status by consent channel (email_marketing, sms_marketing, whatsapp, push …). */
  consents: Record<string, string>
  /** Active (not cleared) suppressions. */
  suppressions: Array<{ channel: string; reason: string }>
  /** When the profile's recent marketing messages on this channel went out (the last 7 days are enough). */
  recentMarketingSends: Date[]
  settings: PolicySettings
  companyTimeZone: string
  /** Whether the sending company has a postal address for the footer (postal-address.ts). */
  senderHasPostalAddress: boolean
  now: Date
  /** The message's own smart-sending switch (a flow message's smart_sending_enabled); off skips only that check, caps stay. */
  smartSending?: boolean
  /** What the plan leaves this period on this channel (units: emails, SMS segments), and this message's units; absent = unmetered. */
  planAllowance?: { remaining: number; units: number }
  /** Staff decisions about the account and this profile's number; absent: none. */
  restrictions?: {
    suspended: boolean
    litigator: boolean
    sms: { blocked: boolean; allowedCountryCodes: string[] } | null
  }
}

export type SkipReason =
  | 'no_email'
  | 'no_phone'
  | 'suppressed_bounced'
  | 'suppressed_spam_complaint'
  | 'suppressed_unsubscribed'
  | 'suppressed_manual'
  | 'unsubscribed'
  | 'no_consent'
  | 'smart_sending'
  | 'frequency_cap_day'
  | 'frequency_cap_week'
  | 'no_postal_address'
  | 'plan_limit'
  | 'sending_suspended'
  | 'litigator_number'
  | 'sms_restricted'
  | 'sms_country_restricted'
export type PolicyDecision =
  { action: 'send' } | { action: 'skip'; reason: SkipReason } | { action: 'defer'; reason: 'quiet_hours'; until: Date }

const HARD: Record<string, SkipReason> = { bounced: 'suppressed_bounced', spam_complaint: 'suppressed_spam_complaint' }
const SUPPRESSION_CHANNEL: Record<Channel, string | null> = { email: 'email', sms: 'sms', whatsapp: 'sms', push: null }
const CONSENT_CHANNEL: Record<Channel, string> = {
  email: 'email_marketing',
  sms: 'sms_marketing',
  whatsapp: 'whatsapp',
  push: 'push',
}
const HOUR = 3_600_000
const DAY = 24 * HOUR

export function decideSend(i: PolicyInput): PolicyDecision {
  const { channel } = i
  if (i.restrictions?.suspended) return skip('sending_suspended')
  if (channel === 'email' && !i.profile.email) return skip('no_email')
  if ((channel === 'sms' || channel === 'whatsapp') && !i.profile.phoneNumber) return skip('no_phone')
  const r = i.restrictions
  if ((channel === 'sms' || channel === 'whatsapp') && r?.litigator) return skip('litigator_number')
  if (channel === 'sms' && r?.sms) {
    if (r.sms.blocked) return skip('sms_restricted')
    const codes = r.sms.allowedCountryCodes
    if (codes.length && !codes.some((c) => i.profile.phoneNumber!.startsWith('+' + c)))
      return skip('sms_country_restricted')
  }

  const sc = SUPPRESSION_CHANNEL[channel]
  const active = sc ? i.suppressions.filter((s) => s.channel === sc) : []
  // Hard bounces and spam complaints block everything, transactional included.
  for (const reason of ['bounced', 'spam_complaint'])
    if (active.some((s) => s.reason === reason)) return skip(HARD[reason]!)
  if (i.transactional) return { action: 'send' }
  if (channel === 'email' && !i.senderHasPostalAddress) return skip('no_postal_address')

  if (active.length) return skip(active[0]!.reason === 'unsubscribed' ? 'suppressed_unsubscribed' : 'suppressed_manual')
  const consent = i.consents[CONSENT_CHANNEL[channel]]
  if (channel === 'email' || channel === 'push') {
    if (consent === 'unsubscribed') return skip('unsubscribed')
  } else if (consent !== 'subscribed') return skip(consent === 'unsubscribed' ? 'unsubscribed' : 'no_consent')

  const now = i.now.getTime()
  const sent = i.recentMarketingSends.map((d) => d.getTime()).filter((t) => t <= now)
  if (
    i.smartSending !== false &&
    i.settings.smartSendingHours > 0 &&
    sent.some((t) => now - t < i.settings.smartSendingHours * HOUR)
  )
    return skip('smart_sending')
  const cap = i.settings.frequencyCaps[channel]
  if (cap?.day != null && sent.filter((t) => now - t < DAY).length >= cap.day) return skip('frequency_cap_day')
  if (cap?.week != null && sent.filter((t) => now - t < 7 * DAY).length >= cap.week) return skip('frequency_cap_week')
  // Before quiet hours: a deferred message would only be skipped later, and must not hold credits meanwhile.
  if (i.planAllowance && i.planAllowance.units > i.planAllowance.remaining) return skip('plan_limit')

  if ((channel === 'sms' || channel === 'push') && i.settings.quietHoursEnabled) {
    const zone = validZone(i.profile.timezone) ?? validZone(i.companyTimeZone) ?? 'UTC'
    const until = quietHoursEnd(i.now, zone, i.settings.quietHoursStart, i.settings.quietHoursEnd)
    if (until) return { action: 'defer', reason: 'quiet_hours', until }
  }
  return { action: 'send' }
}

const skip = (reason: SkipReason): PolicyDecision => ({ action: 'skip', reason })

function validZone(zone: string | null | undefined): string | null {
  if (!zone) return null
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return zone
  } catch {
    return null
  }
}

/** Minutes after local midnight (and the seconds part) of `at` in `zone`. */
function localMinutes(at: Date, zone: string): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at)
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0)
  return { minutes: get('hour') * 60 + get('minute'), seconds: get('second') }
}

/**
 * When the quiet period `at` falls in ends (local `end` o'clock in `zone`), or null when `at` is
 * outside quiet hours. A DST change inside the quiet period can move the end by its offset.
 */
export function quietHoursEnd(at: Date, zone: string, start: number, end: number): Date | null {
  if (start === end) return null
  const { minutes, seconds } = localMinutes(at, zone)
  const quiet = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end
  if (!quiet) return null
  const wait = (end - minutes + 1440) % 1440
  const base = at.getTime() - seconds * 1000 - at.getUTCMilliseconds()
  return new Date(base + wait * 60_000)
}
