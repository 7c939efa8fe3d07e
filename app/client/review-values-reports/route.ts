import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { invalidParam } from '@/lib/api/api-error'
import { filterParam, sparseFields, stringValues } from '@/lib/api/query-params'
import { reviewStats, TIMEFRAMES, type ReviewStatistics, type Timeframe } from '@/lib/reviews/review-stats'
import { groupMembersOf } from '@/lib/reviews/product-groups'

const STATISTICS = [
  'average_rating',
  'total_reviews',
  'total_questions',
  'total_ratings',
  'total_store_reviews',
  'average_store_rating',
] as const

// GET /client/review-values-reports – rating statistics of the published reviews, for the company
// or per product (group_by=product_id, filter product_external_ids), over a timeframe
export const GET = clientRoute({
  rate: { burst: 350, steady: 3500 },
  handler: async ({ ctx }) => {
    const sp = ctx.url.searchParams
    const groupBy = sp.get('group_by') ?? 'company_id'
    if (groupBy !== 'company_id' && groupBy !== 'product_id')
      throw invalidParam('group_by', 'group_by is company_id or product_id.')
    const timeframe = sp.get('timeframe') ?? 'all_time'
    if (!Object.hasOwn(TIMEFRAMES, timeframe))
      throw invalidParam('timeframe', `timeframe is one of ${Object.keys(TIMEFRAMES).join(', ')}.`)
    const wanted = (sp.get('statistics') ?? STATISTICS.join(',')).split(',').map((s) => s.trim())
    for (const s of wanted)
      if (!(STATISTICS as readonly string[]).includes(s)) throw invalidParam('statistics', `"${s}" is not a statistic.`)
    let productExternalIds: string[] | undefined
    for (const c of filterParam(ctx.url, { product_external_ids: ['any', 'equals'] }))
      productExternalIds = stringValues(c.value, 'product_external_ids')
    const fields = sparseFields(ctx.url, 'review-values-report', ['id', 'results'])
    let groups = await reviewStats(ctx.companyId, {
      groupBy,
      productExternalIds,
      timeframe: timeframe as Timeframe,
    })
    // a product of a review product group reports the statistics of the whole group
    const shared =
      groupBy === 'product_id' && productExternalIds ? await groupMembersOf(ctx.companyId, productExternalIds) : null
    if (shared?.size) {
      const own = groups.filter((g) => !shared.has(g.key))
      const merged = await Promise.all(
        [...shared].map(async ([key, ids]) => {
          const [g] = await reviewStats(ctx.companyId, {
            groupBy: 'company_id',
            productExternalIds: ids,
            timeframe: timeframe as Timeframe,
          })
          return g ? { key, statistics: g.statistics } : null
        }),
      )
      groups = [...own, ...merged.filter((g) => g !== null)]
    }
    const results = (
      groups.length || groupBy === 'product_id' ? groups : [{ key: '', statistics: null as ReviewStatistics | null }]
    ).map((g) => ({
      groupings: groupBy === 'product_id' ? { product_id: g.key } : { company_id: String(ctx.companyId) },
      statistics: Object.fromEntries(
        wanted.map((s) => [
          s,
          g.statistics ? g.statistics[s as keyof ReviewStatistics] : s.startsWith('total') ? 0 : null,
        ]),
      ),
    }))
    return {
      data: [
        {
          type: 'review-values-report',
          id: `${groupBy}:${timeframe}`,
          attributes: !fields || fields.has('results') ? { results } : {},
          links: { self: ctx.url.toString() },
        },
      ],
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})

// OPTIONS /client/review-values-reports – CORS preflight
export const OPTIONS = clientPreflight
