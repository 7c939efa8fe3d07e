// The campaign report tabs after the overview (seed 001 §2.6): recipients, conversions, links and
// who clicked each, audience, deliverability, variations and advanced. Recipients, links and
// deliverability are the shared report queries (lib/reporting/send-reports.ts) over the
// campaign's messages; the rest read the recipient list (CampaignRecipient), the A/B figures
// (ab-test.ts) and the attributed conversions (EventAttribution, last touch).
import { z } from 'zod'
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs } from '@/lib/db/dialect'
import { SEGMENT } from '@/lib/groups/group-view'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { campaignMessagesScope, DAY_MS, messageMetricIds, scopeSends, type SendScope } from '@/lib/reporting/send-scope'
import {
  humanEvents,
  linkWhoQuery,
  reportPageQuery,
  scopeDeliverability,
  scopeLinkClickers,
  scopeLinks,
  scopeRecipients,
} from '@/lib/reporting/send-reports'
import { campaignFigures } from '@/lib/reporting/campaign-values'
import { companyCurrency } from '@/lib/reporting/company-currency'
import { badRequest } from '@/lib/errors/app-error'
import { fieldErrorsFrom } from '@/lib/http/ajax'
import { getCampaign, type CampaignDetail } from '../store'
import { campaignAjaxCall } from '../ajax/common'
import { evaluateWinner, variationFigures, DEFAULT_CONFIDENCE } from '../ab-test'

export const CAMPAIGN_REPORT_TABS = [
  'recipients',
  'conversions',
  'links',
  'link-who',
  'audience',
  'deliverability',
  'variations',
  'advanced',
] as const
export type CampaignReportTab = (typeof CAMPAIGN_REPORT_TABS)[number]

interface Ctx {
  campaign: CampaignDetail
  scope: SendScope
  companyId: number
}

async function contextOf(companyId: number, campaignId: string): Promise<Ctx> {
  const campaign = await campaignAjaxCall(() => getCampaign(companyId, campaignId))
  return {
    campaign,
    companyId,
    scope: campaignMessagesScope(
      companyId,
      campaign.messages.map((m) => m.id),
    ),
  }
}

function parse<T>(schema: z.ZodType<T>, query: URLSearchParams): T {
  const r = schema.safeParse(Object.fromEntries(query))
  if (!r.success) throw badRequest('Please correct the query.', fieldErrorsFrom(r.error))
  return r.data
}

const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100.').default(25),
})

const round2 = (v: number) => Math.round(v * 100) / 100
const dayOf = (sec: number) => new Date(Math.floor(sec / 86400) * DAY_MS).toISOString().slice(0, 10)

/** Conversions attributed to the campaign (last touch): totals, per day, and the latest, paged. */
async function conversions(c: Ctx, q: z.infer<typeof pageQuery>) {
  const base = () =>
    kysely()
      .selectFrom('EventAttribution as a')
      .where('a.companyId', '=', c.companyId)
      .where('a.sourceType', '=', 'campaign')
      .where('a.campaignId', '=', c.campaign.id)
  const [agg] = await read(
    select(
      base().select([
        sql<number>`count(*)`.as('n'),
        sql<number>`count(distinct ${sql.ref('a.profileId')})`.as('who'),
        sql<number>`coalesce(sum(${sql.ref('a.value')}), 0)`.as('v'),
      ]),
    ),
  )
  const byTouch = await read(
    select(
      base()
        .select([
          'a.touch',
          'a.channel',
          sql<number>`count(*)`.as('n'),
          sql<number>`coalesce(sum(${sql.ref('a.value')}), 0)`.as('v'),
        ])
        .groupBy(['a.touch', 'a.channel'])
        .orderBy('a.touch'),
    ),
  )
  const days = await read(
    select(
      base()
        .select([
          sql<number>`(${sql.ref('a.ts')} / 86400)`.as('d'),
          sql<number>`count(*)`.as('n'),
          sql<number>`coalesce(sum(${sql.ref('a.value')}), 0)`.as('v'),
        ])
        .groupBy(sql`(${sql.ref('a.ts')} / 86400)`)
        .orderBy(sql`(${sql.ref('a.ts')} / 86400)`),
    ),
  )
  const rows = await read(
    select(
      base()
        .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 'a.profileId').on('p.companyId', '=', c.companyId))
        .leftJoin('Metric as m', (j) => j.onRef('m.id', '=', 'a.metricId').on('m.companyId', '=', c.companyId))
        .select([
          'a.eventId',
          'a.profileId',
          'a.ts',
          'a.value',
          'a.touch',
          'a.touchTs',
          'a.channel',
          'p.email',
          'p.phoneNumber',
          'm.name as metric',
        ])
        .orderBy('a.ts', 'desc')
        .orderBy('a.eventId', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
    ),
  )
  const [rec] = await read(
    select(
      scopeSends(c.scope)
        .where('Send.status', 'in', ['sent', 'delivered', 'bounced'])
        .select(sql<number>`count(distinct ${sql.ref('Send.profileId')})`.as('n')),
    ),
  )
  const recipients = Number(rec?.n ?? 0)
  const n = Number(agg?.n ?? 0)
  const value = round2(Number(agg?.v ?? 0))
  const converters = Number(agg?.who ?? 0)
  return {
    currency: await companyCurrency(c.companyId),
    recipients,
    conversions: n,
    converters,
    value,
    rate: recipients ? converters / recipients : 0,
    valuePerRecipient: recipients ? round2(value / recipients) : 0,
    averageOrderValue: n ? round2(value / n) : 0,
    byTouch: byTouch.map((r) => ({
      touch: r.touch,
      channel: r.channel,
      conversions: Number(r.n),
      value: round2(Number(r.v)),
    })),
    days: days.map((r) => ({
      date: new Date(Number(r.d) * DAY_MS).toISOString().slice(0, 10),
      conversions: Number(r.n),
      value: round2(Number(r.v)),
    })),
    page: q.page,
    pageSize: q.pageSize,
    total: n,
    items: rows.map((r) => ({
      eventId: Number(r.eventId),
      profileId: r.profileId,
      email: r.email,
      phoneNumber: r.phoneNumber,
      metric: r.metric ?? null,
      at: new Date(Number(r.ts) * 1000).toISOString(),
      value: round2(Number(r.value)),
      touch: r.touch,
      channel: r.channel,
      touchAt: new Date(Number(r.touchTs) * 1000).toISOString(),
    })),
  }
}

/** Who the campaign was for: the included and excluded groups, and what became of each recipient. */
async function audience(c: Ctx) {
  const ids = [...c.campaign.audiences.included, ...c.campaign.audiences.excluded]
  const groups = ids.length
    ? await read(
        select(
          kysely()
            .selectFrom('Group')
            .select(['id', 'name', 'type', 'memberCount', 'deletedAt'])
            .where('companyId', '=', c.companyId)
            .where('id', 'in', ids),
        ),
      )
    : []
  const byId = new Map(groups.map((g) => [g.id, g]))
  const describe = (id: string) => {
    const g = byId.get(id)
    return {
      id,
      name: g?.name ?? null,
      type: g ? (Number(g.type) === SEGMENT ? 'segment' : 'list') : null,
      members: g ? Number(g.memberCount ?? 0) : null,
      deleted: !g || g.deletedAt != null,
    }
  }
  const rows = await read(
    select(
      kysely()
        .selectFrom('CampaignRecipient')
        .select(['cohort', 'status', 'reason', sql<number>`count(*)`.as('n')])
        .where('companyId', '=', c.companyId)
        .where('campaignId', '=', c.campaign.id)
        .groupBy(['cohort', 'status', 'reason']),
    ),
  )
  const total = rows.reduce((s, r) => s + Number(r.n), 0)
  const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + Number(r.n), 0)
  const reasons = new Map<string, number>()
  for (const r of rows)
    if (r.status === 'skipped')
      reasons.set(r.reason ?? 'unknown', (reasons.get(r.reason ?? 'unknown') ?? 0) + Number(r.n))
  const sendReasons = await read(
    select(
      scopeSends(c.scope)
        .where('Send.status', '=', 'skipped')
        .select(['Send.reason', sql<number>`count(*)`.as('n')])
        .groupBy('Send.reason'),
    ),
  )
  for (const r of sendReasons)
    reasons.set(r.reason ?? 'unknown', (reasons.get(r.reason ?? 'unknown') ?? 0) + Number(r.n))
  return {
    included: c.campaign.audiences.included.map(describe),
    excluded: c.campaign.audiences.excluded.map(describe),
    fixedAt: c.campaign.sendStartedAt,
    total,
    released: sum((r) => r.status === 'released'),
    pending: sum((r) => r.status === 'pending'),
    heldOut: sum((r) => r.status === 'held_out' || r.cohort === 'holdout'),
    skipped: sum((r) => r.status === 'skipped') + sendReasons.reduce((n, r) => n + Number(r.n), 0),
    cohorts: Object.entries(
      rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.cohort]: (m[r.cohort] ?? 0) + Number(r.n) }), {}),
    ).map(([cohort, count]) => ({ cohort, count })),
    skipReasons: [...reasons.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
  }
}

/** The A/B test: its settings and state, each variation's figures, and who leads with what confidence. */
async function variations(c: Ctx, now: Date) {
  const ab = c.campaign.abTest
  const names = new Map(c.campaign.variations.map((v) => [v.id, v.name]))
  const currency = await companyCurrency(c.companyId)
  if (!c.campaign.variations.length) return { abTest: ab, currency, variations: [], evaluation: null }
  const figures = await variationFigures(c.companyId, c.campaign.id, now)
  const metric = ab?.metric ?? 'open_rate'
  const required = Number(ab?.confidence ?? DEFAULT_CONFIDENCE)
  const evaluation = evaluateWinner(figures, metric, required)
  return {
    abTest: ab,
    currency,
    variations: evaluation.figures.map((f) => ({
      ...f,
      name: names.get(f.variationId) ?? f.variationId,
      revenue: round2(f.revenue),
    })),
    evaluation: {
      metric: evaluation.metric,
      test: evaluation.testName,
      leader: evaluation.leader,
      confidence: evaluation.confidence,
      significant: evaluation.significant,
      required: evaluation.required,
    },
  }
}

/** Every statistic, and per day (UTC) messages sent, people who opened and clicked, conversions and revenue. */
async function advanced(c: Ctx) {
  const { byMessage, ...statistics } = await campaignFigures(c.companyId, c.campaign.id)
  const day = sql<number>`(${epochMs(sql.ref('Send.sentAt'))} / ${sql.lit(DAY_MS)})`
  const sent = await read(
    select(
      scopeSends(c.scope)
        .where('Send.sentAt', 'is not', null)
        .select([day.as('d'), sql<number>`count(*)`.as('n')])
        .groupBy(day),
    ),
  )
  const metrics = await messageMetricIds(c.companyId, {
    opened: MESSAGE_METRICS.email.opened,
    clicked: MESSAGE_METRICS.email.clicked,
  })
  const eventDays = async (id: string | undefined) =>
    id
      ? read(
          select(
            humanEvents(c.scope, id)
              .select([
                sql<number>`(${sql.ref('Event.ts')} / 86400)`.as('d'),
                sql<number>`count(distinct ${sql.ref('Event.profileId')})`.as('n'),
              ])
              .groupBy(sql`(${sql.ref('Event.ts')} / 86400)`),
          ),
        )
      : []
  const [opened, clicked] = await Promise.all([eventDays(metrics.get('opened')), eventDays(metrics.get('clicked'))])
  const conv = await read(
    select(
      kysely()
        .selectFrom('EventAttribution')
        .where('companyId', '=', c.companyId)
        .where('campaignId', '=', c.campaign.id)
        .select([
          sql<number>`(${sql.ref('ts')} / 86400)`.as('d'),
          sql<number>`count(*)`.as('n'),
          sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v'),
        ])
        .groupBy(sql`(${sql.ref('ts')} / 86400)`),
    ),
  )
  const days = new Map<
    number,
    { sent: number; opened: number; clicked: number; conversions: number; revenue: number }
  >()
  const at = (d: number) =>
    days.get(d) ?? days.set(d, { sent: 0, opened: 0, clicked: 0, conversions: 0, revenue: 0 }).get(d)!
  for (const r of sent) at(Number(r.d)).sent += Number(r.n)
  for (const r of opened) at(Number(r.d)).opened += Number(r.n)
  for (const r of clicked) at(Number(r.d)).clicked += Number(r.n)
  for (const r of conv) {
    const x = at(Number(r.d))
    x.conversions += Number(r.n)
    x.revenue = round2(x.revenue + Number(r.v))
  }
  const keys = [...days.keys()].sort((a, b) => a - b)
  const series: Array<{
    date: string
    sent: number
    opened: number
    clicked: number
    conversions: number
    revenue: number
  }> = []
  if (keys.length) {
    const last = keys[keys.length - 1]!
    for (let d = Math.max(keys[0]!, last - 365); d <= last; d++)
      series.push({
        date: dayOf(d * 86400),
        ...(days.get(d) ?? { sent: 0, opened: 0, clicked: 0, conversions: 0, revenue: 0 }),
      })
  }
  return { statistics, byMessage, days: series, currency: await companyCurrency(c.companyId) }
}

/** GET /ajax/campaign/{id}/reports/{tab}: the tab's figures for the company's campaign. */
export async function campaignReportTab(
  companyId: number,
  campaignId: string,
  tab: string,
  query: URLSearchParams,
  now: Date = new Date(),
) {
  if (!(CAMPAIGN_REPORT_TABS as readonly string[]).includes(tab)) {
    throw badRequest(`Unknown report "${tab}". The reports are overview, ${CAMPAIGN_REPORT_TABS.join(', ')}.`, {
      tab: [`tab must be one of ${CAMPAIGN_REPORT_TABS.join(', ')}.`],
    })
  }
  const c = await contextOf(companyId, campaignId)
  switch (tab as CampaignReportTab) {
    case 'recipients':
      return scopeRecipients(c.scope, parse(reportPageQuery, query))
    case 'links':
      return scopeLinks(c.scope)
    case 'link-who':
      return scopeLinkClickers(c.scope, parse(linkWhoQuery, query))
    case 'deliverability':
      return scopeDeliverability(c.scope)
    case 'conversions':
      return conversions(c, parse(pageQuery, query))
    case 'audience':
      return audience(c)
    case 'variations':
      return variations(c, now)
    case 'advanced':
      return advanced(c)
  }
}

export type CampaignConversions = Awaited<ReturnType<typeof conversions>>
export type CampaignAudience = Awaited<ReturnType<typeof audience>>
export type CampaignVariations = Awaited<ReturnType<typeof variations>>
export type CampaignAdvanced = Awaited<ReturnType<typeof advanced>>
