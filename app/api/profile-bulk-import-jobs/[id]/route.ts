import { apiRoute } from '@/lib/api/api-route'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { IMPORT_JOB_FIELDS, serializeImportJob } from '@/lib/api/serialize-import-job'
import { LIST_FIELDS, serializeList } from '@/lib/api/serialize-group'
import { jobListIds, requireBulkImportJob } from '@/lib/api/import-jobs/import-job-parts'
import { db } from '@/lib/db/client'
import { LIST } from '@/lib/groups/group-view'

// GET /api/profile-bulk-import-jobs/{id} – a bulk import job with its status and counts (include=lists)
export const GET = apiRoute({
  scopes: ['lists:read', 'profiles:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const include = enumList(ctx.url, 'include', ['lists'] as const)
    const listFields = sparseFields(ctx.url, 'list', LIST_FIELDS)
    const job = await requireBulkImportJob(ctx.companyId, params.id!)
    const data = serializeImportJob(ctx.url, job, sparseFields(ctx.url, 'profile-bulk-import-job', IMPORT_JOB_FIELDS))
    if (!include.includes('lists')) return { data, links: { self: data.links.self } }
    const lists = await db.group.findMany({
      where: { companyId: ctx.companyId, type: LIST, deletedAt: null, id: { in: jobListIds(job) } },
    })
    return {
      data,
      links: { self: data.links.self },
      included: lists.map((g) => serializeList(ctx.url, g, { fields: listFields })),
    }
  },
})
