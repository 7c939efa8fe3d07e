// The report queries shared by flow message reports and campaign reports, over a SendScope
// (send-scope.ts): recipients (paged, with engagement), links (clicks per URL), who clicked
// a link, and deliverability (sends by status, reasons, delivery reports, recipient domains).
// Opens and clicks are people's: machine activity (scanners, image proxies) is left out.
import { z } from 'zod'
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { jsonText, textPosition, toDate } from '@/lib/db/dialect'
import { SEND_STATUSES } from '@/lib/messaging/types'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { humanEngagementSql } from '@/lib/messaging/tracking/machine-activity'
import { webViewToken } from '@/lib/messaging/web-view-link'
import { messageMetricIds, scopeEvents, scopeSends, type SendScope } from './send-scope'

export const reportPageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100.').default(25),
  status: z.enum(SEND_STATUSES, `status must be one of ${SEND_STATUSES.join(', ')}.`).optional(),
})
export type ReportPageQuery = z.infer<typeof reportPageQuery>

const CLICK_METRICS = {
  clicked: MESSAGE_METRICS.email.clicked,
  sms: MESSAGE_METRICS.sms.clicked,
  whatsapp: MESSAGE_METRICS.whatsapp.clicked,
}

/** People's events of the scope for one metric (machine opens and clicks left out). */
export const humanEvents = (s: SendScope, metricId: string) =>
  scopeEvents(s, metricId).where(humanEngagementSql(sql.ref('Event.properties')))

async function clickMetricIds(companyId: number): Promise<string[]> {
  return [...(await messageMetricIds(companyId, CLICK_METRICS)).values()]
}

/** The scope's Sends, newest first, paged, with the profile and whether they opened or clicked. */
export async function scopeRecipients(s: SendScope, q: ReportPageQuery) {
  let sends = scopeSends(s)
  if (q.status) sends = sends.where('Send.status', '=', q.status)
  const [count] = await read(select(sends.select(sql<number>`count(*)`.as('n'))))
  const rows = await read(
    select(
      sends
        .leftJoin('Profile', (j) =>
          j.onRef('Profile.id', '=', 'Send.profileId').on('Profile.companyId', '=', s.companyId),
        )
        .select([
          'Send.id',
          'Send.channel',
          'Send.sourceType',
          'Send.profileId',
          'Send.status',
          'Send.reason',
          'Send.createdAt',
          'Send.sentAt',
          'Profile.email',
          'Profile.phoneNumber',
          'Profile.firstName',
          'Profile.lastName',
        ])
        .orderBy('Send.createdAt', 'desc')
        .orderBy('Send.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
    ),
  )
  const metrics = await messageMetricIds(s.companyId, {
    opened: MESSAGE_METRICS.email.opened,
    pushOpened: MESSAGE_METRICS.push.opened,
  })
  const clicks = await clickMetricIds(s.companyId)
  const profiles = [...new Set(rows.map((r) => r.profileId))]
  const engaged = async (ids: string[]) => {
    if (!ids.length || !profiles.length) return new Set<string>()
    const r = await Promise.all(
      ids.map((id) =>
        read(select(humanEvents(s, id).where('Event.profileId', 'in', profiles).select('Event.profileId').distinct())),
      ),
    )
    return new Set(r.flat().map((x) => x.profileId))
  }
  const [opened, clicked] = await Promise.all([engaged([...metrics.values()]), engaged(clicks)])
  return {
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    recipients: rows.map((r) => ({
      sendId: r.id,
      // A flow email's signed id for its web view (/message/flow-message/web-view/{id}).
      webViewId: r.channel === 'email' && r.sourceType === 'flow_action_run' ? webViewToken(s.companyId, r.id) : null,
      profileId: r.profileId,
      email: r.email,
      phoneNumber: r.phoneNumber,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      status: r.status,
      reason: r.reason,
      created: toDate(r.createdAt)!.toISOString(),
      sent: r.sentAt ? toDate(r.sentAt)!.toISOString() : null,
      opened: opened.has(r.profileId),
      clicked: clicked.has(r.profileId),
    })),
  }
}

/** Clicks per URL (total and unique people), most clicked first (at most 200 links). */
export async function scopeLinks(s: SendScope) {
  const ids = await clickMetricIds(s.companyId)
  if (!ids.length)
    return {
      links: [] as Array<{ url: string; clicks: number; uniqueClicks: number }>,
      totalClicks: 0,
      uniqueClickers: 0,
    }
  const clicks = () =>
    kysely()
      .selectFrom('Event')
      .where('Event.companyId', '=', s.companyId)
      .where('Event.metricId', 'in', ids)
      .where(s.events('Event'))
      .where(humanEngagementSql(sql.ref('Event.properties')))
  const url = jsonText(sql.ref('Event.properties'), 'URL')
  const rows = await read(
    select(
      clicks()
        .select([
          url.as('url'),
          sql<number>`count(*)`.as('clicks'),
          sql<number>`count(distinct ${sql.ref('Event.profileId')})`.as('uniq'),
        ])
        // by position: the JSON path is a bound parameter, so PostgreSQL would not match a repeated expression
        .groupBy(sql`1`)
        .orderBy(sql`count(*)`, 'desc')
        .limit(200),
    ),
  )
  const [all] = await read(
    select(
      clicks().select([
        sql<number>`count(*)`.as('n'),
        sql<number>`count(distinct ${sql.ref('Event.profileId')})`.as('u'),
      ]),
    ),
  )
  return {
    links: rows.map((r) => ({ url: r.url ?? '', clicks: Number(r.clicks), uniqueClicks: Number(r.uniq) })),
    totalClicks: Number(all?.n ?? 0),
    uniqueClickers: Number(all?.u ?? 0),
  }
}

export const linkWhoQuery = z.object({
  url: z.string({ message: 'url is required.' }).min(1, 'url is required.').max(4000),
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100.').default(25),
})
export type LinkWhoQuery = z.infer<typeof linkWhoQuery>

/** Who clicked one URL: each person with their clicks and first and last click, most clicks first. */
export async function scopeLinkClickers(s: SendScope, q: LinkWhoQuery) {
  const ids = await clickMetricIds(s.companyId)
  const empty = {
    url: q.url,
    total: 0,
    totalClicks: 0,
    page: q.page,
    pageSize: q.pageSize,
    people: [] as Array<{
      profileId: string
      email: string | null
      phoneNumber: string | null
      name: string | null
      clicks: number
      firstClick: string
      lastClick: string
    }>,
  }
  if (!ids.length) return empty
  const inner = kysely()
    .selectFrom('Event')
    .select(['Event.profileId', 'Event.ts', jsonText(sql.ref('Event.properties'), 'URL').as('url')])
    .where('Event.companyId', '=', s.companyId)
    .where('Event.metricId', 'in', ids)
    .where(s.events('Event'))
    .where(humanEngagementSql(sql.ref('Event.properties')))
  const matching = () => kysely().selectFrom(inner.as('c')).where('c.url', '=', q.url)
  const [agg] = await read(
    select(
      matching().select([
        sql<number>`count(*)`.as('n'),
        sql<number>`count(distinct ${sql.ref('c.profileId')})`.as('u'),
      ]),
    ),
  )
  const rows = await read(
    select(
      matching()
        .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 'c.profileId').on('p.companyId', '=', s.companyId))
        .select([
          'c.profileId',
          'p.email',
          'p.phoneNumber',
          'p.firstName',
          'p.lastName',
          sql<number>`count(*)`.as('clicks'),
          sql<number>`min(${sql.ref('c.ts')})`.as('first'),
          sql<number>`max(${sql.ref('c.ts')})`.as('last'),
        ])
        .groupBy(['c.profileId', 'p.email', 'p.phoneNumber', 'p.firstName', 'p.lastName'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`max(${sql.ref('c.ts')})`, 'desc')
        .orderBy('c.profileId')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
    ),
  )
  return {
    ...empty,
    total: Number(agg?.u ?? 0),
    totalClicks: Number(agg?.n ?? 0),
    people: rows.map((r) => ({
      profileId: r.profileId,
      email: r.email,
      phoneNumber: r.phoneNumber,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      clicks: Number(r.clicks),
      firstClick: new Date(Number(r.first) * 1000).toISOString(),
      lastClick: new Date(Number(r.last) * 1000).toISOString(),
    })),
  }
}

/** Sends by status, skipped and failed ones by reason, delivery reports by kind, and recipient domains. */
export async function scopeDeliverability(s: SendScope) {
  const byStatus = await read(
    select(
      scopeSends(s)
        .select(['Send.status', sql<number>`count(*)`.as('n')])
        .groupBy('Send.status'),
    ),
  )
  const byReason = await read(
    select(
      scopeSends(s)
        .where('Send.status', 'in', ['skipped', 'failed', 'deferred', 'bounced'])
        .select(['Send.status', 'Send.reason', sql<number>`count(*)`.as('n')])
        .groupBy(['Send.status', 'Send.reason'])
        .orderBy(sql`count(*)`, 'desc'),
    ),
  )
  const reports = await read(
    select(
      kysely()
        .selectFrom('EmailDeliveryReport')
        .innerJoin('Send', (j) =>
          j.onRef('Send.id', '=', 'EmailDeliveryReport.sendId').on('Send.companyId', '=', s.companyId),
        )
        .where('EmailDeliveryReport.companyId', '=', s.companyId)
        .where(s.sends('Send'))
        .select([
          'EmailDeliveryReport.kind',
          sql<number>`count(*)`.as('n'),
          sql<number>`count(distinct ${sql.ref('EmailDeliveryReport.sendId')})`.as('sends'),
        ])
        .groupBy('EmailDeliveryReport.kind'),
    ),
  )
  // Recipient mailbox providers: the part of the address after '@', over the sends that went out.
  const at = textPosition(sql.ref('p.email'), sql.lit('@'))
  const domain = sql<string>`lower(substr(${sql.ref('p.email')}, ${at} + 1))`
  const domainInner = kysely()
    .selectFrom('Send')
    .innerJoin('Profile as p', (j) => j.onRef('p.id', '=', 'Send.profileId').on('p.companyId', '=', s.companyId))
    .where('Send.companyId', '=', s.companyId)
    .where(s.sends('Send'))
    .where('Send.channel', '=', 'email')
    .where('Send.status', 'in', ['sent', 'delivered', 'bounced'])
    .where('p.email', 'is not', null)
    .select([domain.as('domain'), 'Send.status'])
  const domains = await read(
    select(
      kysely()
        .selectFrom(domainInner.as('d'))
        .select([
          'd.domain',
          sql<number>`count(*)`.as('n'),
          sql<number>`sum(case when ${sql.ref('d.status')} = 'bounced' then 1 else 0 end)`.as('b'),
        ])
        .groupBy('d.domain')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('d.domain')
        .limit(10),
    ),
  )
  const statuses = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]))
  const total = Object.values(statuses).reduce((a, b) => a + b, 0)
  const kinds = Object.fromEntries(reports.map((r) => [r.kind, Number(r.sends)]))
  const sent = (statuses.sent ?? 0) + (statuses.delivered ?? 0) + (statuses.bounced ?? 0)
  return {
    total,
    statuses,
    reasons: byReason.map((r) => ({ status: r.status, reason: r.reason ?? null, count: Number(r.n) })),
    reports: {
      hardBounces: kinds.hard_bounce ?? 0,
      softBounces: kinds.soft_bounce ?? 0,
      spamComplaints: kinds.complaint ?? 0,
      dropped: kinds.dropped ?? 0,
      delivered: kinds.delivered ?? 0,
    },
    bounceRate: sent ? ((kinds.hard_bounce ?? 0) + (kinds.soft_bounce ?? 0)) / sent : 0,
    spamRate: sent ? (kinds.complaint ?? 0) / sent : 0,
    domains: domains.map((r) => ({
      domain: String(r.domain),
      sent: Number(r.n),
      bounced: Number(r.b),
      bounceRate: Number(r.n) ? Number(r.b) / Number(r.n) : 0,
    })),
  }
}
