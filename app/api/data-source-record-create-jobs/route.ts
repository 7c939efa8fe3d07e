import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { getDataSource } from '@/lib/custom-objects/data-sources'
import { createRecordBody } from '@/lib/custom-objects/api/bodies'
import { createRecordJob } from '@/lib/custom-objects/record-jobs'

// POST /api/data-source-record-create-jobs – one record into a data source, applied by the worker (204)
export const POST = apiRoute({
  scopes: ['custom-objects:write'],
  rate: { burst: 3, steady: 15 },
  maxBodyBytes: 512 * 1024,
  body: createRecordBody,
  status: 204,
  handler: async ({ ctx, body }) => {
    const sourceId = body.data.relationships['data-source'].data.id
    if (!(await getDataSource(ctx.companyId, sourceId)))
      throw apiNotFound(`A data source with id ${sourceId} was not found.`)
    await createRecordJob(ctx.companyId, sourceId, [body.data.attributes['data-source-record'].data.attributes.record])
  },
})
