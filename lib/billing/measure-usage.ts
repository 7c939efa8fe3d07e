// Usage, read from the product's own rows or from counts the database keeps exact beside them
// (issue 26 §3: a retried delivery cannot count twice, it is one Send row):
// - active profiles, the vendor's definition: emailable (an address, no active email
//   suppression, not unsubscribed from email marketing) or textable (a number, subscribed to SMS
//   marketing, no active SMS suppression), from the per-company count the triggers keep;
// - emails and SMS segments sent in the period: Sends that (probably) reached the profile,
//   counted at the time they were handed over (sendingAt), previews and staff alerts aside.
//   Closed days come from the per-day send rollup (lib/messaging/send-rollup-read.ts), the rest
//   from Send: those counts read the (companyId, channel, sendingAt, status) index alone; SMS
//   segments also read the row (a send from before segments were recorded counts as one).
import { sql } from 'kysely'
import { select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { DELIVERED_LIKE } from '@/lib/messaging/types'
import { rolledCountsOps, rolledUnitsByDayOps, splitPeriodOps } from '@/lib/messaging/send-rollup-read'
import type { Period } from './billing-period'

export interface Usage {
  activeProfiles: number
  emailsSent: number
  smsSegments: number
}

const NOT_BILLED = ['preview', 'alert']

/**
 * Emailable or textable profiles: the company's CompanyProfileCount row, kept exact by triggers
 * on Profile, Suppression and ProfileConsent in each writer's transaction (migration
 * profile_counts), so the cost no longer grows with the company's profiles (issue 26 §4: the
 * live count was 398 of the 569 ms at 1,000,000 profiles). No row: the company has no profiles.
 */
export function* activeProfilesOps(companyId: number): Ops<number> {
  const row = yield* selectFirst(
    kysely().selectFrom('CompanyProfileCount').select('active').where('companyId', '=', companyId),
  )
  return Number(row?.active ?? 0)
}

const periodSends = (companyId: number, channel: 'email' | 'sms', period: Period) =>
  kysely()
    .selectFrom('Send')
    .where('companyId', '=', companyId)
    .where('channel', '=', channel)
    .where('sendingAt', '>=', period.start)
    .where('sendingAt', '<', period.end)
    .where('status', 'in', DELIVERED_LIKE)

const units = (channel: 'email' | 'sms') =>
  channel === 'sms' ? sql<number>`coalesce(sum(coalesce("segments", 1)), 0)` : sql<number>`count(*)`

/**
 * Emails (1 each) or SMS segments sent over an interval, counted live from Send. Previews and
 * staff alerts are not billed: they are counted apart and taken off. Their count names no channel
 * or time in its WHERE, so it can only read the (companyId, sourceType, …) index (the few
 * previews), and the main count stays on the (companyId, channel, sendingAt, status) index alone.
 */
function* liveUnitsOps(companyId: number, channel: 'email' | 'sms', period: Period): Ops<number> {
  const all = yield* selectFirst(periodSends(companyId, channel, period).select(units(channel).as('n')))
  const unit = channel === 'sms' ? sql`coalesce("segments", 1)` : sql`1`
  const free = yield* selectFirst(
    kysely()
      .selectFrom('Send')
      .where('companyId', '=', companyId)
      .where('sourceType', 'in', NOT_BILLED)
      .select(
        sql<number>`coalesce(sum(case when "channel" = ${channel} and "sendingAt" >= ${period.start} and "sendingAt" < ${period.end} and "status" in (${sql.join(DELIVERED_LIKE)}) then ${unit} else 0 end), 0)`.as(
          'n',
        ),
      ),
  )
  return Number(all?.n ?? 0) - Number(free?.n ?? 0)
}

/**
 * Emails or SMS segments sent in the period: the closed days the send rollup holds current rows
 * for (issue 26 §4: the usage stays fast at millions of sends), the rest — the period's partial
 * first day, the open days, days not rolled up or changed since — live from Send.
 */
export function* sentUnitsOps(companyId: number, channel: 'email' | 'sms', period: Period): Ops<number> {
  const split = yield* splitPeriodOps([companyId], period.start, period.end)
  let n = 0
  for (const r of yield* rolledCountsOps(split.rolled, DELIVERED_LIKE, channel))
    if (r.billed) n += channel === 'sms' ? r.units : r.count
  for (const iv of split.live.get(companyId) ?? [])
    n += yield* liveUnitsOps(companyId, channel, { start: iv.from, end: iv.to })
  return n
}

export function* usageOps(companyId: number, period: Period): Ops<Usage> {
  return {
    activeProfiles: yield* activeProfilesOps(companyId),
    emailsSent: yield* sentUnitsOps(companyId, 'email', period),
    smsSegments: yield* sentUnitsOps(companyId, 'sms', period),
  }
}

/** Emails and SMS segments per UTC day of the period, for the account-usage charts (closed days from the send rollup). */
export function* usageByDayOps(
  companyId: number,
  period: Period,
): Ops<Array<{ day: string; emails: number; smsSegments: number }>> {
  // Prisma keeps DateTime as ISO text on SQLite: its first ten characters are the UTC day.
  const day =
    dbEngine() === 'postgresql'
      ? sql<string>`to_char("sendingAt", 'YYYY-MM-DD')`
      : sql<string>`substr("sendingAt", 1, 10)`
  const split = yield* splitPeriodOps([companyId], period.start, period.end)
  const out = new Map<string, { emails: number; smsSegments: number }>()
  const add = (channel: 'email' | 'sms', d: string, n: number) => {
    const v = out.get(d) ?? { emails: 0, smsSegments: 0 }
    if (channel === 'sms') v.smsSegments += n
    else v.emails += n
    out.set(d, v)
  }
  for (const channel of ['email', 'sms'] as const) {
    for (const r of yield* rolledUnitsByDayOps(split.rolled, DELIVERED_LIKE, channel)) add(channel, r.day, r.units)
    for (const iv of split.live.get(companyId) ?? []) {
      const rows = yield* select(
        periodSends(companyId, channel, { start: iv.from, end: iv.to })
          .where('sourceType', 'not in', NOT_BILLED)
          .select([day.as('day'), units(channel).as('n')])
          .groupBy(day),
      )
      for (const r of rows) add(channel, r.day, Number(r.n))
    }
  }
  // A day the rollup holds but with no billed sends is left out, as a live count leaves it.
  return [...out]
    .filter(([, d]) => d.emails || d.smsSegments)
    .map(([day, d]) => ({ day, ...d }))
    .sort((a, b) => a.day.localeCompare(b.day))
}
