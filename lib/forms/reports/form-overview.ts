// The /forms/{formId}/reports/overview screen's figures for one timeframe: headline totals
// (views, submits, submit rate, closes), a daily series (weekly past 60 days), the per-step
// funnel and the per-version table. Three grouped queries; the company's time zone.
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { notFound } from '@/lib/errors/app-error'
import { keyRange, type TimeframeKey } from '@/lib/reporting/timeframe'
import { formStatistics, statistic } from './form-statistics'

export const OVERVIEW_TIMEFRAMES = [
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'last_365_days',
] as const satisfies readonly TimeframeKey[]
export type OverviewTimeframe = (typeof OVERVIEW_TIMEFRAMES)[number]

const SIXTY_DAYS = 60 * 86_400_000

export async function formOverview(companyId: number, formId: string, timeframe: OverviewTimeframe, now: Date) {
  const form = await db.form.findFirst({ where: { companyId, id: formId }, select: { id: true, name: true } })
  if (!form) throw notFound('This form does not exist.')
  const company = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  const timeZone = company?.timezone || 'UTC'
  const range = keyRange(timeframe, now, timeZone)
  const interval: 'daily' | 'weekly' = range.end.getTime() - range.start.getTime() > SIXTY_DAYS ? 'weekly' : 'daily'

  const [series, byVersion, steps, versions] = await Promise.all([
    formStatistics(companyId, { range, timeZone, interval, groupBy: ['form_id'], formIds: [formId] }),
    formStatistics(companyId, {
      range,
      timeZone,
      interval: null,
      groupBy: ['form_id', 'form_version_id'],
      formIds: [formId],
    }),
    read(
      select(
        kysely()
          .selectFrom('FormActivity')
          .select([
            'step',
            'kind',
            sql<number>`count(*)`.as('total'),
            sql<number>`count(distinct ${sql.ref('visitorId')})`.as('uniques'),
          ])
          .where('companyId', '=', companyId)
          .where('formId', '=', formId)
          .where('kind', 'in', ['viewed_form_step', 'submitted_form_step'])
          .where('occurredAt', '>=', range.start)
          .where('occurredAt', '<', range.end)
          .groupBy(['step', 'kind'])
          .orderBy('step'),
      ),
    ),
    db.formVersion.findMany({
      where: { companyId, formId },
      select: { id: true, variationName: true, status: true },
      orderBy: { id: 'asc' },
    }),
  ])
  const buckets = series.groups[0]?.buckets ?? series.starts.map(() => null)
  const sum = (name: 'viewed_form' | 'submits' | 'closed_form' | 'viewed_form_uniques') =>
    buckets.reduce((s, c) => s + (c ? statistic(c, name) : 0), 0)
  const views = sum('viewed_form'),
    submits = sum('submits')
  const dayLabel = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })

  const funnel = new Map<
    number,
    { step: number; views: number; viewers: number; submits: number; submitters: number }
  >()
  for (const r of steps) {
    const step = Number(r.step ?? 0)
    const f = funnel.get(step) ?? funnel.set(step, { step, views: 0, viewers: 0, submits: 0, submitters: 0 }).get(step)!
    if (r.kind === 'viewed_form_step') {
      f.views += Number(r.total)
      f.viewers += Number(r.uniques)
    } else {
      f.submits += Number(r.total)
      f.submitters += Number(r.uniques)
    }
  }
  const perVersion = new Map(byVersion.groups.map((g) => [g.versionId, g.buckets[0]!]))
  return {
    form: { id: form.id, name: form.name },
    timeframe,
    timeZone,
    interval,
    range: { start: range.start.toISOString(), end: range.end.toISOString() },
    headline: {
      views,
      viewers: sum('viewed_form_uniques'),
      submits,
      submitRate: views ? submits / views : 0,
      closes: sum('closed_form'),
    },
    series: {
      dates: series.starts.map((d) => dayLabel.format(d)),
      views: buckets.map((c) => (c ? statistic(c, 'viewed_form') : 0)),
      submits: buckets.map((c) => (c ? statistic(c, 'submits') : 0)),
    },
    funnel: [...funnel.values()].sort((a, b) => a.step - b.step),
    versions: versions.map((v) => {
      const c = perVersion.get(v.id)
      return {
        id: v.id,
        name: v.variationName,
        status: v.status,
        views: c ? statistic(c, 'viewed_form') : 0,
        submits: c ? statistic(c, 'submits') : 0,
        submitRate: c ? statistic(c, 'submit_rate') : 0,
        closes: c ? statistic(c, 'closed_form') : 0,
      }
    }),
  }
}
export type FormOverview = Awaited<ReturnType<typeof formOverview>>
