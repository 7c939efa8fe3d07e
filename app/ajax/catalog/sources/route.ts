import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { createSource, importCsv } from '@/lib/catalog/sources/sync'
import { listSourceSummaries } from '@/lib/catalog/sources/source-summaries'
import { csvUpload, isMultipart, jsonBody } from '@/lib/catalog/sources/ajax'

// GET /ajax/catalog/sources – the company's catalog sources (feeds and CSV uploads), newest first,
// each with its item counts (itemCount, publishedCount) and its latest sync (lastSync, or null)
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx }) => catalogCall(async () => ({ sources: await listSourceSummaries(ctx.principal.companyId) })),
})

// POST /ajax/catalog/sources – a feed { name, url, format: json|xml, scheduleHours } (first sync queued),
// or multipart with `file` (a CSV upload, applied at once); 400 success:false with field errors
export const POST = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx }) =>
    catalogCall(async () => {
      const companyId = ctx.principal.companyId
      if (isMultipart(ctx.req)) return importCsv(companyId, await csvUpload(ctx.req))
      return createSource(companyId, await jsonBody(ctx.req))
    }),
})
