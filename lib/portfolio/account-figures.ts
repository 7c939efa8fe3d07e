// The key figures of several accounts over one period, side by side (/portfolio/dashboard):
// revenue attributed to messages (the account's conversion metric, as its own dashboard counts
// it), messages sent per channel, list growth (joined and left, lists only), profiles, and email
// deliverability rates. Each figure is one grouped query over all the accounts, so the cost is
// one pass over the period's sends and the accounts' profiles (the bench compares it with those
// bare counts), not one report per account.
// Sends belong to the period by sendingAt (handed to the provider), read from the per-day send
// rollup for closed days (./account-sends.ts); list growth's whole days from its own rollup
// (./account-list-growth.ts). Profiles are the accounts' CompanyProfileCount rows (kept exact by
// triggers, migration profile_counts), so they cost one row per account whatever the account's
// size; new profiles are a range of the (companyId, createdAt) index, which grows with the
// period's sign-ups only.
// Deliverability: sent and bounced from the period's email Sends (their status, as the account's
// deliverability report counts them); spam and unsubscribes are the period's message events of
// those metrics (events that name a send: a complaint report records one too). The account's
// own report ties each event to its send instead, so an event about a send of an earlier period
// counts there in the send's period and here in the event's; the two agree over whole months.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { attributionSettingsOps, DEFAULT_CONVERSION_METRIC } from '@/lib/attribution/settings'
import { SENT_STATUSES } from '@/lib/reporting/send-scope'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { accountSends } from './account-sends'
import { accountListGrowth } from './account-list-growth'

export interface Period {
  from: Date
  to: Date
}

export interface AccountFigures {
  companyId: number
  revenue: number
  conversions: number
  sends: { email: number; sms: number; other: number; total: number }
  listGrowth: { joined: number; left: number; net: number }
  profiles: number
  newProfiles: number
  deliverability: { sent: number; delivered: number; bounced: number; spam: number; unsubscribed: number }
  rates: { deliveryRate: number; bounceRate: number; spamRate: number; unsubscribeRate: number }
}

export const PERIOD_DAYS = [7, 30, 90, 365] as const

/** The last `days` days up to `now`. */
export const periodOf = (days: number, now = new Date()): Period => ({
  from: new Date(now.getTime() - days * 86_400_000),
  to: now,
})

async function conversionMetrics(companyIds: number[]) {
  const settings = await read(attributionSettingsOps(companyIds))
  const byName = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select(['id', 'companyId'])
        .where('companyId', 'in', companyIds)
        .where('name', '=', DEFAULT_CONVERSION_METRIC),
    ),
  )
  const out = new Map<number, string>()
  for (const m of byName) out.set(m.companyId, m.id)
  for (const [id, cfg] of settings) if (cfg.conversionMetricId) out.set(id, cfg.conversionMetricId)
  return out
}

/** The period's spam and unsubscribe events that name a send, per account (the (company, metric, ts) index). */
async function emailEventCounts(companyIds: number[], fromTs: number, toTs: number) {
  const names = [MESSAGE_METRICS.email.spam, MESSAGE_METRICS.email.unsubscribed]
  const metrics = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select(['id', 'name'])
        .where('companyId', 'in', companyIds)
        .where('name', 'in', names),
    ),
  )
  if (!metrics.length) return []
  const nameOf = new Map(metrics.map((m) => [m.id, m.name]))
  const rows = await read(
    select(
      kysely()
        .selectFrom('Event')
        .select(['companyId', 'metricId', sql<number>`count(*)`.as('n')])
        .where('companyId', 'in', companyIds)
        .where(
          'metricId',
          'in',
          metrics.map((m) => m.id),
        )
        .where('ts', '>=', fromTs)
        .where('ts', '<', toTs)
        .where('uniqueId', 'is not', null)
        .groupBy(['companyId', 'metricId']),
    ),
  )
  return rows.map((r) => ({ companyId: r.companyId, name: nameOf.get(r.metricId)!, n: Number(r.n) }))
}

export async function accountFigures(companyIds: number[], period: Period): Promise<AccountFigures[]> {
  if (!companyIds.length) return []
  const k = kysely()
  const fromTs = Math.floor(period.from.getTime() / 1000)
  const toTs = Math.floor(period.to.getTime() / 1000)
  const metrics = await conversionMetrics(companyIds)
  const metricIds = [...new Set(metrics.values())]
  const [revenue, sends, growth, profiles, fresh, messageEvents] = await Promise.all([
    metricIds.length
      ? read(
          select(
            k
              .selectFrom('EventAttribution')
              .select([
                'companyId',
                'metricId',
                sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v'),
                sql<number>`count(*)`.as('n'),
              ])
              .where('companyId', 'in', companyIds)
              .where('metricId', 'in', metricIds)
              .where('ts', '>=', fromTs)
              .where('ts', '<', toTs)
              .groupBy(['companyId', 'metricId']),
          ),
        )
      : Promise.resolve([]),
    accountSends(companyIds, period.from, period.to, SENT_STATUSES),
    accountListGrowth(companyIds, period.from, period.to),
    read(
      select(
        k.selectFrom('CompanyProfileCount').select(['companyId', 'profiles']).where('companyId', 'in', companyIds),
      ),
    ),
    read(
      select(
        k
          .selectFrom('Profile')
          .select(['companyId', sql<number>`count(*)`.as('n')])
          .where('companyId', 'in', companyIds)
          .where('createdAt', '>=', period.from)
          .where('createdAt', '<', period.to)
          .groupBy('companyId'),
      ),
    ),
    emailEventCounts(companyIds, fromTs, toTs),
  ])
  const out = new Map<number, AccountFigures>()
  for (const companyId of companyIds)
    out.set(companyId, {
      companyId,
      revenue: 0,
      conversions: 0,
      sends: { email: 0, sms: 0, other: 0, total: 0 },
      listGrowth: { joined: 0, left: 0, net: 0 },
      profiles: 0,
      newProfiles: 0,
      deliverability: { sent: 0, delivered: 0, bounced: 0, spam: 0, unsubscribed: 0 },
      rates: { deliveryRate: 0, bounceRate: 0, spamRate: 0, unsubscribeRate: 0 },
    })
  for (const r of revenue) {
    if (metrics.get(r.companyId) !== r.metricId) continue
    const f = out.get(r.companyId)!
    f.revenue += Number(r.v)
    f.conversions += Number(r.n)
  }
  for (const r of sends) {
    const f = out.get(r.companyId)!
    const n = Number(r.n)
    if (r.channel === 'email') {
      f.sends.email += n
      f.deliverability.sent += n
      if (r.status === 'bounced') f.deliverability.bounced += n
    } else if (r.channel === 'sms') f.sends.sms += n
    else f.sends.other += n
    f.sends.total += n
  }
  for (const r of growth) {
    const f = out.get(r.companyId)!
    if (r.kind === 'entered') f.listGrowth.joined += Number(r.n)
    else f.listGrowth.left += Number(r.n)
    f.listGrowth.net = f.listGrowth.joined - f.listGrowth.left
  }
  for (const r of profiles) out.get(r.companyId)!.profiles = Number(r.profiles)
  for (const r of fresh) out.get(r.companyId)!.newProfiles = Number(r.n)
  for (const r of messageEvents) {
    const f = out.get(r.companyId)!
    if (r.name === MESSAGE_METRICS.email.spam) f.deliverability.spam += r.n
    else f.deliverability.unsubscribed += r.n
  }
  for (const f of out.values()) {
    const d = f.deliverability
    d.delivered = d.sent - d.bounced
    const of = (n: number) => (d.sent ? n / d.sent : 0)
    f.rates = {
      deliveryRate: of(d.delivered),
      bounceRate: of(d.bounced),
      spamRate: of(d.spam),
      unsubscribeRate: of(d.unsubscribed),
    }
  }
  return companyIds.map((id) => out.get(id)!)
}
