import { ajax, z } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'

const listingStatsQuery = z.object({
  ids: z
    .string()
    .max(2000)
    .transform((s) =>
      [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ].slice(0, 100),
    ),
})

// GET /ajax/forms-listing-stats?ids=a,b – views and submit rate per form for the /forms listing (all time, from FormActivity)
export const GET = ajax({
  resources: ['forms_read'],
  query: listingStatsQuery,
  handler: async ({ ctx, query }) => {
    const stats: Record<string, { views: number; submits: number; submitRate: number }> = {}
    if (!query.ids.length) return { stats }
    const rows = await db.formActivity.groupBy({
      by: ['formId', 'kind'],
      where: {
        companyId: ctx.principal.companyId,
        formId: { in: query.ids },
        kind: { in: ['viewed_form', 'submits'] },
      },
      _count: { _all: true },
    })
    for (const id of query.ids) stats[id] = { views: 0, submits: 0, submitRate: 0 }
    for (const r of rows) {
      const s = stats[r.formId]!
      if (r.kind === 'viewed_form') s.views = r._count._all
      else s.submits = r._count._all
    }
    for (const s of Object.values(stats)) s.submitRate = s.views ? s.submits / s.views : 0
    return { stats }
  },
})

export type FormsListingStatsResponse = {
  stats: Record<string, { views: number; submits: number; submitRate: number }>
}
