// Usage, read from the product's own rows and never from counters (issue 26 §3: a retried
// delivery cannot count twice, it is one Send row):
// - active profiles, the vendor's definition: emailable (an address, no active email
//   suppression, not unsubscribed from email marketing) or textable (a number, subscribed to SMS
//   marketing, no active SMS suppression);
// - emails and SMS segments sent in the period: Sends that (probably) reached the profile,
//   counted at the time they were handed over (sendingAt), previews and staff alerts aside.
//   The counts read the (companyId, channel, sendingAt, status) index alone; SMS segments also
//   read the row (a send from before segments were recorded counts as one).
import { sql } from 'kysely'
import { select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { DELIVERED_LIKE } from '@/lib/messaging/types'
import type { Period } from './billing-period'

export interface Usage {
  activeProfiles: number
  emailsSent: number
  smsSegments: number
}

const NOT_BILLED = ['preview', 'alert']

export function* activeProfilesOps(companyId: number): Ops<number> {
  const row = yield* selectFirst(
    kysely()
      .selectFrom('Profile as p')
      .select(sql<number>`count(*)`.as('n'))
      .where('p.companyId', '=', companyId)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('p.email', 'is not', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('Suppression as s')
                  .select(sql`1`.as('x'))
                  .whereRef('s.profileId', '=', 'p.id')
                  .where('s.channel', '=', 'email')
                  .where('s.clearedAt', 'is', null),
              ),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('ProfileConsent as c')
                  .select(sql`1`.as('x'))
                  .whereRef('c.profileId', '=', 'p.id')
                  .where('c.channel', '=', 'email_marketing')
                  .where('c.status', '=', 'unsubscribed'),
              ),
            ),
          ]),
          eb.and([
            eb('p.phoneNumber', 'is not', null),
            eb.exists(
              eb
                .selectFrom('ProfileConsent as c')
                .select(sql`1`.as('x'))
                .whereRef('c.profileId', '=', 'p.id')
                .where('c.channel', '=', 'sms_marketing')
                .where('c.status', '=', 'subscribed'),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('Suppression as s')
                  .select(sql`1`.as('x'))
                  .whereRef('s.profileId', '=', 'p.id')
                  .where('s.channel', '=', 'sms')
                  .where('s.clearedAt', 'is', null),
              ),
            ),
          ]),
        ]),
      ),
  )
  return Number(row?.n ?? 0)
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
 * Emails (1 each) or SMS segments sent in the period. Previews and staff alerts are not billed:
 * they are counted apart through the (companyId, sourceType, …) index and taken off, so the main
 * count stays on its own index instead of reading every row for its sourceType.
 */
export function* sentUnitsOps(companyId: number, channel: 'email' | 'sms', period: Period): Ops<number> {
  const all = yield* selectFirst(periodSends(companyId, channel, period).select(units(channel).as('n')))
  const free = yield* selectFirst(
    periodSends(companyId, channel, period).where('sourceType', 'in', NOT_BILLED).select(units(channel).as('n')),
  )
  return Number(all?.n ?? 0) - Number(free?.n ?? 0)
}

export function* usageOps(companyId: number, period: Period): Ops<Usage> {
  return {
    activeProfiles: yield* activeProfilesOps(companyId),
    emailsSent: yield* sentUnitsOps(companyId, 'email', period),
    smsSegments: yield* sentUnitsOps(companyId, 'sms', period),
  }
}

/** Emails and SMS segments per UTC day of the period, for the account-usage charts. */
export function* usageByDayOps(
  companyId: number,
  period: Period,
): Ops<Array<{ day: string; emails: number; smsSegments: number }>> {
  // Prisma keeps DateTime as ISO text on SQLite: its first ten characters are the UTC day.
  const day =
    dbEngine() === 'postgresql'
      ? sql<string>`to_char("sendingAt", 'YYYY-MM-DD')`
      : sql<string>`substr("sendingAt", 1, 10)`
  const out = new Map<string, { emails: number; smsSegments: number }>()
  for (const channel of ['email', 'sms'] as const) {
    const rows = yield* select(
      periodSends(companyId, channel, period)
        .where('sourceType', 'not in', NOT_BILLED)
        .select([day.as('day'), units(channel).as('n')])
        .groupBy(day),
    )
    for (const r of rows) {
      const d = out.get(r.day) ?? { emails: 0, smsSegments: 0 }
      if (channel === 'sms') d.smsSegments += Number(r.n)
      else d.emails += Number(r.n)
      out.set(r.day, d)
    }
  }
  return [...out].map(([day, d]) => ({ day, ...d })).sort((a, b) => a.day.localeCompare(b.day))
}
