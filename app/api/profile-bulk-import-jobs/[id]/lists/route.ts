import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { LIST_FIELDS, serializeList } from '@/lib/api/serialize-group'
import { jobListIds, requireBulkImportJob } from '@/lib/api/import-jobs/import-job-parts'
import { db } from '@/lib/db/client'
import { LIST } from '@/lib/groups/group-view'

// GET /api/profile-bulk-import-jobs/{id}/lists – the lists the job adds its profiles to
export const GET = apiRoute({
  scopes: ['lists:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'list', LIST_FIELDS)
    const job = await requireBulkImportJob(ctx.companyId, params.id!)
    const lists = await db.group.findMany({
      where: { companyId: ctx.companyId, type: LIST, deletedAt: null, id: { in: jobListIds(job) } },
      orderBy: { id: 'asc' },
    })
    return {
      data: lists.map((g) => serializeList(ctx.url, g, { fields })),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
