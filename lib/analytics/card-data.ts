// One card's figures for its own timeframe and comparison. Metric, chart, table, message and
// saved-report cards are report definitions run by the report engine (run-report.ts);
// attributed revenue is the reporting module's revenue summary; list growth counts list joins
// and leaves. Everything is read within the company.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { getRevenueSummary } from '@/lib/reporting/dashboard-revenue'
import { resolveTimeframe } from '@/lib/metrics/timeframe'
import type { Measurement } from '@/lib/metrics/run-metric-query'
import type { CardSpec } from './dashboard-card-spec'
import { reportDefinition, type ReportDefinitionInput } from './report-definition'
import { runReport, type ReportResult } from './run-report'
import { getSavedReport } from './saved-reports'

export interface CardFigure {
  key: string
  value: number
  previous: number | null
  money?: boolean
}

export type CardData =
  | { type: 'figures'; figures: CardFigure[] }
  | { type: 'chart'; dates: string[]; series: Array<{ name: string; values: number[] }>; granularity: string }
  | { type: 'table'; columns: ReportResult['columns']; rows: ReportResult['rows'] }
  | { type: 'report'; reportId: string; result: ReportResult }
  | { type: 'empty'; reason: 'no_metric' | 'no_report' }

export interface CardContext {
  companyId: number
  userId: number | null
  timeZone: string
  now: Date
}

async function metricId(companyId: number, cfg: { metricId?: string; metricName?: string }) {
  if (cfg.metricId) return cfg.metricId
  if (!cfg.metricName) return null
  const m = await db.metric.findFirst({ where: { companyId, name: cfg.metricName }, select: { id: true } })
  return m?.id ?? null
}

const run = (c: CardContext, d: ReportDefinitionInput) =>
  runReport(c.companyId, reportDefinition.parse(d), { now: c.now, timeZone: c.timeZone })

const figure = (key: string, r: ReportResult, m: Measurement, money = false): CardFigure => ({
  key,
  value: r.totals[m] ?? 0,
  previous: r.previousTotals ? (r.previousTotals[m] ?? 0) : null,
  ...(money ? { money } : {}),
})

const MESSAGE_FIGURES = {
  email: [
    ['sent', 'count'],
    ['opened', 'unique'],
    ['clicked', 'unique'],
    ['unsubscribed', 'count'],
  ],
  sms: [
    ['sent', 'count'],
    ['clicked', 'unique'],
    ['unsubscribed', 'count'],
  ],
} as const

export async function cardData(c: CardContext, spec: CardSpec): Promise<CardData> {
  const timeframe = { range: spec.timeframe }
  switch (spec.kind) {
    case 'metric':
    case 'chart':
    case 'table': {
      const id = await metricId(c.companyId, spec.config)
      if (!id) return { type: 'empty', reason: 'no_metric' }
      const m = spec.config.measurement
      const base = { source: { type: 'metric' as const, metricId: id }, measurements: [m], timeframe }
      if (spec.kind === 'metric') {
        const r = await run(c, { ...base, compare: spec.compare })
        return { type: 'figures', figures: [figure(m, r, m, m === 'sum_value')] }
      }
      if (spec.kind === 'chart') {
        const g = spec.config.granularity
        const r = await run(c, { ...base, groupBy: [{ type: 'time', granularity: g }] })
        const values = r.series.lines[0]?.data ?? r.series.dates.map(() => 0)
        return { type: 'chart', dates: r.series.dates, series: [{ name: r.source, values }], granularity: g }
      }
      const r = await run(c, {
        ...base,
        groupBy: [{ type: 'event_property', name: spec.config.property }],
        compare: spec.compare,
        limit: 10,
      })
      return { type: 'table', columns: r.columns, rows: r.rows }
    }
    case 'campaign_figures':
    case 'flow_figures': {
      const messageType: 'campaign' | 'flow' = spec.kind === 'campaign_figures' ? 'campaign' : 'flow'
      const figures: CardFigure[] = []
      for (const [event, m] of MESSAGE_FIGURES[spec.config.channel]) {
        const source = { type: 'messages' as const, channel: spec.config.channel, messageType, event }
        figures.push(figure(event, await run(c, { source, measurements: [m], timeframe, compare: spec.compare }), m))
      }
      return { type: 'figures', figures }
    }
    case 'attributed_revenue': {
      const range = resolveTimeframe(spec.timeframe, { timeZone: c.timeZone, now: c.now })
      const days = Math.max(1, Math.round((range.end - range.start) / 86_400_000))
      const s = await getRevenueSummary(c.companyId, c.timeZone, c.now, { days })
      const prev = spec.compare ? s.previous30 : null
      return {
        type: 'figures',
        figures: [
          { key: 'attributed', value: s.last30.total, previous: prev, money: true },
          { key: 'flows', value: s.last30.flows, previous: null, money: true },
          { key: 'campaigns', value: s.last30.campaigns, previous: null, money: true },
        ],
      }
    }
    case 'list_growth': {
      const range = resolveTimeframe(spec.timeframe, { timeZone: c.timeZone, now: c.now })
      const count = (field: 'enteredAt' | 'leftAt', from: number, to: number) =>
        db.groupMembership.count({
          where: {
            companyId: c.companyId,
            group: { definition: null },
            [field]: { gte: new Date(from), lt: new Date(to) },
          },
        })
      const span = range.end - range.start
      const prev = (f: 'enteredAt' | 'leftAt') => (spec.compare ? count(f, range.start - span, range.start) : null)
      return {
        type: 'figures',
        figures: [
          { key: 'joined', value: await count('enteredAt', range.start, range.end), previous: await prev('enteredAt') },
          { key: 'left', value: await count('leftAt', range.start, range.end), previous: await prev('leftAt') },
        ],
      }
    }
    case 'saved_report': {
      const report = await getSavedReport(c.companyId, c.userId, spec.config.reportId).catch(() => null)
      if (!report) return { type: 'empty', reason: 'no_report' }
      const result = await run(c, { ...report.definition, timeframe, compare: spec.compare })
      return { type: 'report', reportId: report.id, result }
    }
  }
}

/** A card names only a metric of the account and a saved report the user can see. */
export async function checkCardRefs(c: CardContext, spec: CardSpec): Promise<void> {
  if ((spec.kind === 'metric' || spec.kind === 'chart' || spec.kind === 'table') && spec.config.metricId) {
    const m = await db.metric.findFirst({ where: { companyId: c.companyId, id: spec.config.metricId } })
    if (!m) throw badRequest('This metric does not exist.', { 'config.metricId': ['This metric does not exist.'] })
  }
  if (spec.kind !== 'saved_report') return
  const ok = await getSavedReport(c.companyId, c.userId, spec.config.reportId).catch(() => null)
  if (!ok) throw badRequest('This report does not exist.', { 'config.reportId': ['This report does not exist.'] })
}
