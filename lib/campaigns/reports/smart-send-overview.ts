// /campaigns/smartsendtime: what smart send time works from — the account's human opens and
// clicks of the last 180 days (machine activity left out, as the engine does) by weekday and hour
// in each person's own time zone, the account's best hour, and how many people have enough
// engagement for an hour of their own. The engine itself: lib/campaigns/smart-send-time.ts.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { humanEngagementSql } from '@/lib/messaging/tracking/machine-activity'
import { isValidTimeZone, wallOf } from '@/lib/campaigns/send/times'
import {
  DEFAULT_HOUR,
  LOOKBACK_DAYS,
  MIN_ACCOUNT_ENGAGEMENTS,
  MIN_PROFILE_ENGAGEMENTS,
} from '@/lib/campaigns/smart-send-time'

const ENGAGEMENT_METRICS = [
  MESSAGE_METRICS.email.opened,
  MESSAGE_METRICS.email.clicked,
  MESSAGE_METRICS.sms.clicked,
  MESSAGE_METRICS.push.opened,
]

export interface SmartSendOverview {
  engagements: number
  profiles: number
  profilesWithOwnHour: number
  /** The account's best hour, or null below MIN_ACCOUNT_ENGAGEMENTS (then DEFAULT_HOUR is used). */
  accountHour: number | null
  defaultHour: number
  minAccountEngagements: number
  minProfileEngagements: number
  lookbackDays: number
  /** [weekday 0 = Monday … 6][hour 0–23] engagement counts, local to each person. */
  grid: number[][]
  byHour: number[]
}

export async function getSmartSendOverview(
  companyId: number,
  companyTz: string,
  now = new Date(),
): Promise<SmartSendOverview> {
  const since = Math.floor(now.getTime() / 1000) - LOOKBACK_DAYS * 86_400
  const rows = await read(
    select(
      kysely()
        .selectFrom('Event as e')
        .innerJoin('Metric as m', 'm.id', 'e.metricId')
        .innerJoin('Profile as p', (j) => j.onRef('p.id', '=', 'e.profileId').on('p.companyId', '=', companyId))
        .select(['e.profileId', 'e.ts', 'p.timezone'])
        .where('e.companyId', '=', companyId)
        .where('m.companyId', '=', companyId)
        .where('m.name', 'in', ENGAGEMENT_METRICS)
        .where('e.ts', '>=', since)
        .where(humanEngagementSql(sql.ref('e.properties'))),
    ),
  )
  const grid = Array.from({ length: 7 }, () => new Array<number>(24).fill(0))
  const byHour = new Array<number>(24).fill(0)
  const perProfile = new Map<string, number>()
  for (const r of rows) {
    const tz = isValidTimeZone(r.timezone) ? r.timezone : companyTz
    const wall = new Date(wallOf(Number(r.ts) * 1000, tz))
    const h = wall.getUTCHours()
    const dow = (wall.getUTCDay() + 6) % 7
    grid[dow]![h]!++
    byHour[h]!++
    perProfile.set(r.profileId, (perProfile.get(r.profileId) ?? 0) + 1)
  }
  const best = byHour.reduce((b, n, h) => (n > byHour[b]! ? h : b), 0)
  return {
    engagements: rows.length,
    profiles: perProfile.size,
    profilesWithOwnHour: [...perProfile.values()].filter((n) => n >= MIN_PROFILE_ENGAGEMENTS).length,
    accountHour: rows.length >= MIN_ACCOUNT_ENGAGEMENTS ? best : null,
    defaultHour: DEFAULT_HOUR,
    minAccountEngagements: MIN_ACCOUNT_ENGAGEMENTS,
    minProfileEngagements: MIN_PROFILE_ENGAGEMENTS,
    lookbackDays: LOOKBACK_DAYS,
    grid,
    byHour,
  }
}
