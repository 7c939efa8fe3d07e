// /api/segment-values-reports and /api/segment-series-reports: per segment, members added and
// removed within the timeframe (or each bucket of it) from GroupMembershipChange, and the member
// total at its end, walked back from the current count (so it agrees with the segment's own
// count). Two grouped queries whatever the number of segments.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs } from '@/lib/db/dialect'
import { SEGMENT } from '@/lib/groups/group-view'
import { apiDateTime, bucketStarts, type ParsedRequest, type ReportSpec } from './report-request'

export const SEGMENT_STATISTICS = ['members_added', 'members_removed', 'net_members_changed', 'total_members'] as const
const SEGMENT_FILTER_OPS = ['equals', 'any'] as const
export const segmentReportSpec = (series: boolean): ReportSpec => ({
  type: series ? 'segment-series-report' : 'segment-values-report',
  statistics: SEGMENT_STATISTICS,
  conversionMetric: false,
  series,
  filters: { segment_id: SEGMENT_FILTER_OPS },
})

export async function segmentReport(companyId: number, p: ParsedRequest) {
  let gq = kysely().selectFrom('Group').select(['id']).where('companyId', '=', companyId).where('type', '=', SEGMENT)
  if (p.filter.segment_id) gq = gq.where('id', 'in', p.filter.segment_id)
  const segments = (await read(select(gq.orderBy('id')))).map((g) => g.id)
  const starts = p.interval ? bucketStarts(p.range, p.interval, p.timeZone) : [p.range.start]
  const n = starts.length
  const per = new Map(
    segments.map((id) => [
      id,
      {
        added: new Array<number>(n).fill(0),
        removed: new Array<number>(n).fill(0),
        total: new Array<number>(n).fill(0),
      },
    ]),
  )
  if (segments.length) {
    // Members now, then every change since the range began: inside it by bucket, after it together.
    const now = await read(
      select(
        kysely()
          .selectFrom('GroupMembership')
          .select(['groupId', sql<number>`count(*)`.as('n')])
          .where('companyId', '=', companyId)
          .where('groupId', 'in', segments)
          .where('leftAt', 'is', null)
          .groupBy('groupId'),
      ),
    )
    const at = sql<number>`(${epochMs(sql.ref('GroupMembershipChange.at'))} / 1000)`
    const endS = Math.floor(p.range.end.getTime() / 1000)
    const whens = starts
      .slice(1)
      .map((b, i) => sql`when ${at} < ${sql.lit(Math.floor(b.getTime() / 1000))} then ${sql.lit(i)}`)
    const bucket = sql<number>`(case when ${at} >= ${sql.lit(endS)} then ${sql.lit(-1)} ${sql.join([...whens, sql``], sql` `)} else ${sql.lit(n - 1)} end)`
    const inner = kysely()
      .selectFrom('GroupMembershipChange')
      .select(['groupId', 'kind', bucket.as('b')])
      .where('companyId', '=', companyId)
      .where('groupId', 'in', segments)
      .where('at', '>=', p.range.start)
    const changes = await read(
      select(
        kysely()
          .selectFrom(inner.as('c'))
          .select(['c.groupId', 'c.kind', 'c.b', sql<number>`count(*)`.as('n')])
          .groupBy(['c.groupId', 'c.kind', 'c.b']),
      ),
    )
    const after = new Map<string, number>() // net change after the range: entered − left
    for (const c of changes) {
      const s = per.get(c.groupId)
      if (!s) continue
      const k = Number(c.n),
        b = Number(c.b)
      if (b < 0) after.set(c.groupId, (after.get(c.groupId) ?? 0) + (c.kind === 'entered' ? k : -k))
      else if (c.kind === 'entered') s.added[b]! += k
      else if (c.kind === 'left') s.removed[b]! += k
    }
    const current = new Map(now.map((r) => [r.groupId, Number(r.n)]))
    for (const [id, s] of per) {
      // The total at the end of the last bucket, then each earlier end by undoing the later buckets.
      let total = (current.get(id) ?? 0) - (after.get(id) ?? 0)
      for (let i = n - 1; i >= 0; i--) {
        s.total[i] = Math.max(0, total)
        total -= s.added[i]! - s.removed[i]!
      }
    }
  }
  const stat = (s: { added: number[]; removed: number[]; total: number[] }, name: string, i: number) =>
    name === 'members_added'
      ? s.added[i]!
      : name === 'members_removed'
        ? s.removed[i]!
        : name === 'net_members_changed'
          ? s.added[i]! - s.removed[i]!
          : s.total[i]!
  const results = [...per.entries()].map(([id, s]) => ({
    groupings: { segment_id: id },
    statistics: Object.fromEntries(
      p.statistics.map((name) => [name, p.interval ? starts.map((_, i) => stat(s, name, i)) : stat(s, name, 0)]),
    ),
  }))
  return {
    data: {
      type: p.interval ? 'segment-series-report' : 'segment-values-report',
      attributes: { results, ...(p.interval ? { date_times: starts.map(apiDateTime) } : {}) },
    },
  }
}
