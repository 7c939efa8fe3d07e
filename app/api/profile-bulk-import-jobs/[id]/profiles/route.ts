import { apiRoute } from '@/lib/api/api-route'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { PROFILE_FIELDS, serializeProfile } from '@/lib/api/serialize-profile'
import { subscriptionsFor } from '@/lib/api/profiles/list-profiles'
import { jobProfileIds, pageByPosition, requireBulkImportJob } from '@/lib/api/import-jobs/import-job-parts'
import { db } from '@/lib/db/client'

// GET /api/profile-bulk-import-jobs/{id}/profiles – the profiles the job's rows became (20 a page)
export const GET = apiRoute({
  scopes: ['profiles:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'profile', PROFILE_FIELDS)
    const additional = enumList(ctx.url, 'additional-fields[profile]', [
      'subscriptions',
      'predictive_analytics',
    ] as const)
    const job = await requireBulkImportJob(ctx.companyId, params.id!)
    const { page, links } = pageByPosition(await jobProfileIds(job), ctx.url)
    const rows = await db.profile.findMany({ where: { companyId: ctx.companyId, id: { in: page } } })
    const byId = new Map(rows.map((p) => [p.id, p]))
    const subs = await subscriptionsFor(ctx.companyId, page, additional.includes('subscriptions'))
    const data = page.flatMap((id) => {
      const p = byId.get(id)
      return p
        ? [serializeProfile(ctx.url, p, { fields, subscriptions: subs ? (subs.get(id) ?? null) : undefined })]
        : []
    })
    return { data, links }
  },
})
