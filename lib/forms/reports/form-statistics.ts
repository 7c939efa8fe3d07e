// The form report statistics (the vendor's form-values / form-series reports) from FormActivity:
// one GROUP BY query over the timeframe — by form, optionally version, optionally time bucket,
// and kind — with count(*) for the totals and count(DISTINCT visitorId) for the *_uniques.
// Rows are never loaded one by one.
//
// submit_rate: the vendor's reference example gives viewed_form 90, submits 9, submit_rate 0.1,
// so it is submits / viewed_form (totals, not uniques), fractional, 0 with no views.
// *_step_uniques: distinct visitors who viewed (submitted) any step of the form in the bucket.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs } from '@/lib/db/dialect'
import { bucketStarts, type Interval } from '@/lib/reporting/report-request'
import type { Range } from '@/lib/reporting/timeframe'
import type { ActivityKind } from './activity-kinds'

export const FORM_STATISTICS = [
  'closed_form',
  'closed_form_uniques',
  'qualified_form',
  'qualified_form_uniques',
  'submit_rate',
  'submits',
  'submitted_form_step',
  'submitted_form_step_uniques',
  'viewed_form',
  'viewed_form_step',
  'viewed_form_step_uniques',
  'viewed_form_uniques',
] as const
export type FormStatistic = (typeof FORM_STATISTICS)[number]

export type FormGroupBy = 'form_id' | 'form_version_id'

export interface FormStatsQuery {
  range: Range
  timeZone: string
  interval: Interval | null
  groupBy: readonly FormGroupBy[]
  formIds?: readonly string[]
  versionIds?: readonly string[]
}

type Counts = Record<ActivityKind, { total: number; uniques: number }>
export interface FormStatsGroup {
  formId: string
  versionId: number | null
  buckets: Counts[]
}

const emptyCounts = (): Counts => ({
  qualified_form: { total: 0, uniques: 0 },
  viewed_form: { total: 0, uniques: 0 },
  viewed_form_step: { total: 0, uniques: 0 },
  submitted_form_step: { total: 0, uniques: 0 },
  submits: { total: 0, uniques: 0 },
  closed_form: { total: 0, uniques: 0 },
})

export function statistic(c: Counts, name: FormStatistic): number {
  switch (name) {
    case 'submit_rate':
      return c.viewed_form.total ? c.submits.total / c.viewed_form.total : 0
    case 'closed_form_uniques':
      return c.closed_form.uniques
    case 'qualified_form_uniques':
      return c.qualified_form.uniques
    case 'submitted_form_step_uniques':
      return c.submitted_form_step.uniques
    case 'viewed_form_step_uniques':
      return c.viewed_form_step.uniques
    case 'viewed_form_uniques':
      return c.viewed_form.uniques
    default:
      return c[name].total
  }
}

/** The buckets' start instants: the range start alone for a values report. */
export const bucketsOf = (q: Pick<FormStatsQuery, 'range' | 'interval' | 'timeZone'>): Date[] =>
  q.interval ? bucketStarts(q.range, q.interval, q.timeZone) : [q.range.start]

export async function formStatistics(
  companyId: number,
  q: FormStatsQuery,
): Promise<{ starts: Date[]; groups: FormStatsGroup[] }> {
  const starts = bucketsOf(q)
  const n = starts.length
  const versionIds = q.versionIds?.map(Number).filter((v) => Number.isInteger(v) && v > 0 && v <= 2_147_483_647)
  if ((q.formIds && !q.formIds.length) || (versionIds && !versionIds.length)) return { starts, groups: [] }
  const byVersion = q.groupBy.includes('form_version_id')
  // The bucket index by comparing epoch seconds with literal bounds, as the segment report does.
  const at = sql<number>`(${epochMs(sql.ref('occurredAt'))} / 1000)`
  const whens = starts
    .slice(1)
    .map((b, i) => sql`when ${at} < ${sql.lit(Math.floor(b.getTime() / 1000))} then ${sql.lit(i)}`)
  const bucket = n > 1 ? sql<number>`(case ${sql.join(whens, sql` `)} else ${sql.lit(n - 1)} end)` : sql<number>`0`
  let inner = kysely()
    .selectFrom('FormActivity')
    .select([
      'formId',
      'kind',
      'visitorId',
      byVersion ? sql<number>`${sql.ref('formVersionId')}`.as('v') : sql<number>`0`.as('v'),
      bucket.as('b'),
    ])
    .where('companyId', '=', companyId)
    .where('occurredAt', '>=', q.range.start)
    .where('occurredAt', '<', q.range.end)
  if (q.formIds) inner = inner.where('formId', 'in', [...q.formIds])
  if (versionIds) inner = inner.where('formVersionId', 'in', versionIds)
  const rows = await read(
    select(
      kysely()
        .selectFrom(inner.as('a'))
        .select([
          'a.formId',
          'a.v',
          'a.b',
          'a.kind',
          sql<number>`count(*)`.as('total'),
          sql<number>`count(distinct ${sql.ref('a.visitorId')})`.as('uniques'),
        ])
        .groupBy(['a.formId', 'a.v', 'a.b', 'a.kind']),
    ),
  )
  const groups = new Map<string, FormStatsGroup>()
  for (const r of rows) {
    const versionId = byVersion ? Number(r.v) : null
    const key = `${r.formId}\u0000${versionId ?? ''}`
    const g =
      groups.get(key) ??
      groups.set(key, { formId: r.formId, versionId, buckets: Array.from({ length: n }, emptyCounts) }).get(key)!
    const c = g.buckets[Number(r.b)]?.[r.kind as ActivityKind]
    if (c) {
      c.total += Number(r.total)
      c.uniques += Number(r.uniques)
    }
  }
  return {
    starts,
    groups: [...groups.values()].sort(
      (a, b) => a.formId.localeCompare(b.formId) || (a.versionId ?? 0) - (b.versionId ?? 0),
    ),
  }
}
