// Smart send time: each profile's best hour of the day from its own human opens and clicks
// (machine opens and clicks — security scanners, image proxies, Apple MPP — excluded through
// lib/messaging/tracking/machine-activity.ts), in the profile's own time zone; else the
// account's best hour over all its profiles' human engagement; else 10:00 local.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { humanEngagementSql } from '@/lib/messaging/tracking/machine-activity'
import { isValidTimeZone, localHour } from './send/times'

export const DEFAULT_HOUR = 10
/** Engagements a profile needs before its own best hour is trusted. */
export const MIN_PROFILE_ENGAGEMENTS = 2
/** Engagements the account needs before its best hour is used. */
export const MIN_ACCOUNT_ENGAGEMENTS = 5
export const LOOKBACK_DAYS = 180

const ENGAGEMENT_METRICS = [
  MESSAGE_METRICS.email.opened,
  MESSAGE_METRICS.email.clicked,
  MESSAGE_METRICS.sms.clicked,
  MESSAGE_METRICS.push.opened,
]

const argmax = (counts: number[]): number => counts.reduce((best, n, h) => (n > counts[best]! ? h : best), 0)

export interface BestHours {
  /** The hour (0–23, local to the profile) to send to this profile. */
  hourOf(profileId: string): number
  accountHour: number | null
  /** Per profile: its own hour (only profiles with enough engagement). */
  own: Map<string, number>
}

/** Best hours for `members`, from the company's human engagement events of the last 180 days. */
export function* bestHoursOps(
  companyId: number,
  members: Array<{ profileId: string; timezone: string | null }>,
  companyTz: string,
  now: Date,
): Ops<BestHours> {
  const tzOf = new Map(members.map((m) => [m.profileId, isValidTimeZone(m.timezone) ? m.timezone : companyTz]))
  const since = Math.floor(now.getTime() / 1000) - LOOKBACK_DAYS * 86_400
  const rows = yield* select(
    kysely()
      .selectFrom('Event as e')
      .innerJoin('Metric as m', 'm.id', 'e.metricId')
      .select(['e.profileId', 'e.ts'])
      .where('e.companyId', '=', companyId)
      .where('m.companyId', '=', companyId)
      .where('m.name', 'in', ENGAGEMENT_METRICS)
      .where('e.ts', '>=', since)
      .where(humanEngagementSql(sql.ref('e.properties'))),
  )
  const perProfile = new Map<string, number[]>()
  const account = new Array<number>(24).fill(0)
  let accountTotal = 0
  for (const r of rows) {
    const tz = tzOf.get(r.profileId) ?? companyTz
    const h = localHour(Number(r.ts) * 1000, tz)
    account[h]!++
    accountTotal++
    if (!tzOf.has(r.profileId)) continue
    let c = perProfile.get(r.profileId)
    if (!c) perProfile.set(r.profileId, (c = new Array<number>(24).fill(0)))
    c[h]!++
  }
  const own = new Map<string, number>()
  for (const [p, c] of perProfile) if (c.reduce((s, n) => s + n, 0) >= MIN_PROFILE_ENGAGEMENTS) own.set(p, argmax(c))
  const accountHour = accountTotal >= MIN_ACCOUNT_ENGAGEMENTS ? argmax(account) : null
  const fallback = accountHour ?? DEFAULT_HOUR
  return { own, accountHour, hourOf: (p) => own.get(p) ?? fallback }
}
