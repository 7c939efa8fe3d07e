import { apiRoute } from '@/lib/api/api-route'
import { bulkDeleteRecordsBody } from '@/lib/custom-objects/api/bodies'
import { deleteObjectRecords } from '@/lib/custom-objects/object-records'

// POST /api/object-record-bulk-delete-jobs – deletes up to 500 records (202). One indexed
// statement, so it runs at once rather than as a worker job; ids of another account are ignored.
export const POST = apiRoute({
  scopes: ['custom-objects:write'],
  rate: { burst: 3, steady: 60 },
  body: bulkDeleteRecordsBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    await deleteObjectRecords(
      ctx.companyId,
      body.data.relationships['object-records'].data.map((r) => r.id),
    )
  },
})
