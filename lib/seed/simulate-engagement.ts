// What became of each demo message, at realistic rates: delivered (or a hard bounce for the
// profiles the audience already has a bounce suppression for), Apple Mail's privacy prefetch
// opening a quarter of the mail by machine, people opening at their own rate and clicking a
// few times in ten, a security scanner now and then following every link at once, and the
// audience's unsubscribes and spam complaints happening on the message before them. A
// message sent shortly before an order is more likely to have been opened and clicked, so
// attribution (run by the seed over the real events) finds the touches that earned orders.
// Events carry the properties the pipeline writes (record-outcome.ts, record-engagement.ts):
// $send_id, $message, $source_type, channel, Subject; URL and $link_index on clicks; $machine
// and $machine_reason on machine activity.
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import type { Rng } from './prng'

export interface SimSend {
  id: string
  profile: number
  channel: 'email' | 'sms'
  sourceType: 'campaign_message' | 'flow_action_run'
  sourceId: string
  subject: string | null
  atMs: number
  /** How strongly the message pulls (1 = ordinary). */
  pull: number
  /** Set by the caller: this send bounces, or precedes the profile's unsubscribe / complaint at endMs. */
  end?: { kind: 'bounced' | 'unsubscribed' | 'spam_complaint'; atMs: number }
}

export interface SimEngagementEvent {
  sendId: string
  profile: number
  metric: string
  atMs: number
  uniqueId: string
  properties: string
}

export interface Audience {
  /** The profile's own open rate (people differ a lot). */
  openRate(profile: number): number
  /** Apple Mail users: their mail is opened by the privacy proxy on delivery. */
  apple(profile: number): boolean
  /** The profile's first order after atMs, or null. */
  nextOrderMs(profile: number, atMs: number): number | null
  storeUrl: string
  nowMs: number
}

const APPLE_IP = '17.58.101.22'
const SCANNER_AGENT = 'Mozilla/5.0 (compatible; Proofpoint URL Defense)'
const LINKS = ['', '/collections/new-arrivals', '/collections/best-sellers', '/collections/sale']

export interface Outcome {
  status: 'sent' | 'bounced'
  events: SimEngagementEvent[]
}

export function simulateEngagement(rng: Rng, s: SimSend, a: Audience): Outcome {
  const events: SimEngagementEvent[] = []
  const base: Record<string, unknown> = {
    $send_id: s.id,
    $message: s.sourceId,
    $source_type: s.sourceType,
    channel: s.channel,
    ...(s.subject ? { Subject: s.subject } : {}),
  }
  const add = (metric: string, atMs: number, occurrence: string | null, extra: Record<string, unknown> = {}) => {
    if (atMs > a.nowMs) return
    events.push({
      sendId: s.id,
      profile: s.profile,
      metric,
      atMs,
      uniqueId: `${s.id}:${metric}${occurrence ? ':' + occurrence : ''}`,
      properties: JSON.stringify({ ...base, ...extra }),
    })
  }
  const second = (ms: number) => Math.floor(ms / 1000)

  if (s.channel === 'sms') {
    add(MESSAGE_METRICS.sms.sent, s.atMs + 2_000, null)
    const order = a.nextOrderMs(s.profile, s.atMs)
    const soon = order !== null && order - s.atMs < 86_400_000
    if ((soon && rng.chance(0.5)) || rng.chance(0.07 * s.pull)) {
      const latest = soon ? order! - 60_000 : s.atMs + 6 * 3_600_000
      const at = s.atMs + 60_000 + Math.floor(rng.next() * Math.max(60_000, latest - s.atMs - 60_000))
      add(MESSAGE_METRICS.sms.clicked, at, `0:${second(at)}:person`, { URL: `${a.storeUrl}/sale`, $link_index: 0 })
    }
    if (s.end && s.end.kind !== 'bounced') add(MESSAGE_METRICS.sms.unsubscribed, s.end.atMs, null)
    return { status: 'sent', events }
  }

  if (s.end?.kind === 'bounced') {
    add(MESSAGE_METRICS.email.bounced, s.atMs + 20_000, null)
    return { status: 'bounced', events }
  }
  add(MESSAGE_METRICS.email.sent, s.atMs, null)
  if (a.apple(s.profile)) {
    const at = s.atMs + rng.int(1, 25) * 60_000
    add(MESSAGE_METRICS.email.opened, at, `${second(at)}:apple_mpp`, {
      $machine: true,
      $machine_reason: 'apple_mpp',
      $ip: APPLE_IP,
    })
  }
  if (rng.chance(0.006)) {
    const at = s.atMs + rng.int(2, 8) * 1000
    add(MESSAGE_METRICS.email.clicked, at, `0:${second(at)}:security_scanner`, {
      URL: a.storeUrl + '/',
      $link_index: 0,
      $machine: true,
      $machine_reason: 'security_scanner',
      $user_agent: SCANNER_AGENT,
    })
  }

  const order = a.nextOrderMs(s.profile, s.atMs)
  const gap = order === null ? Infinity : order - s.atMs
  let openAt: number | null = null
  let click = false
  if (gap > 10 * 60_000 && gap < 4 * 86_400_000 && rng.chance(Math.min(0.6, 0.3 * s.pull))) {
    // Opened (and often clicked) on the way to the order.
    openAt = s.atMs + 5 * 60_000 + Math.floor(rng.next() * (gap - 10 * 60_000) * 0.8)
    click = rng.chance(0.5)
  } else if (rng.chance(Math.min(0.85, a.openRate(s.profile) * s.pull))) {
    openAt = s.atMs + Math.min(3 * 86_400_000, Math.floor(rng.logNormal(100 * 60_000, 1.2)))
    click = rng.chance(Math.min(0.4, 0.09 * s.pull))
  }
  if (s.end && openAt === null && rng.chance(0.7)) openAt = Math.max(s.atMs + 60_000, s.end.atMs - 120_000)
  if (openAt !== null) {
    add(MESSAGE_METRICS.email.opened, openAt, `${second(openAt)}:person`)
    if (click) {
      const index = rng.int(0, LINKS.length - 1)
      const at = openAt + rng.int(1, 6) * 60_000
      add(
        MESSAGE_METRICS.email.clicked,
        order !== null && at >= order ? order - 30_000 : at,
        `${index}:${second(at)}:person`,
        { URL: a.storeUrl + LINKS[index], $link_index: index },
      )
    }
  }
  if (s.end?.kind === 'unsubscribed') add(MESSAGE_METRICS.email.unsubscribed, s.end.atMs, null)
  if (s.end?.kind === 'spam_complaint') add(MESSAGE_METRICS.email.spam, s.end.atMs, null)
  return { status: 'sent', events }
}
