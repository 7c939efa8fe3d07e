import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { getDataSource } from '@/lib/custom-objects/data-sources'
import { bulkRecordsBody } from '@/lib/custom-objects/api/bodies'
import { createRecordJob } from '@/lib/custom-objects/record-jobs'

// POST /api/data-source-record-bulk-create-jobs – up to 500 records into a data source, applied
// by the worker (upserted by record id); answered 204 as the reference does
export const POST = apiRoute({
  scopes: ['custom-objects:write'],
  rate: { burst: 3, steady: 15 },
  maxBodyBytes: 4 * 1024 * 1024,
  body: bulkRecordsBody,
  status: 204,
  handler: async ({ ctx, body }) => {
    const sourceId = body.data.relationships['data-source'].data.id
    if (!(await getDataSource(ctx.companyId, sourceId)))
      throw apiNotFound(`A data source with id ${sourceId} was not found.`)
    const records = body.data.attributes['data-source-records'].data.map((r) => r.attributes.record)
    await createRecordJob(ctx.companyId, sourceId, records)
  },
})
