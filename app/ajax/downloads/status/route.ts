import { ajax } from '@/lib/http/ajax'
import { listDownloads } from '@/lib/downloads/list-downloads'
import { listDownloadsQuery } from '@/lib/downloads/list-downloads-query'

// GET /ajax/downloads/status – the user's downloads with their status; ?page=&status=&download_type=&row_count=
export const GET = ajax({
  query: listDownloadsQuery,
  handler: ({ ctx, query }) =>
    listDownloads(ctx.principal.companyId, ctx.principal.userId, {
      page: query.page,
      pageSize: query.row_count,
      status: query.status,
      downloadType: query.download_type,
    }),
})
