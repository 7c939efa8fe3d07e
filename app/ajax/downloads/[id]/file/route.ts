import { ajax } from '@/lib/http/ajax'
import { attachmentHeader, getDownloadFile } from '@/lib/downloads/get-download-file'
import { intParam } from '@/lib/metrics/ajax-inputs'

// GET /ajax/downloads/{id}/file – the finished file as an attachment (CSV)
export const GET = ajax({
  handler: async ({ ctx, params }) => {
    const file = await getDownloadFile(ctx.principal.companyId, ctx.principal.userId, intParam(params.id))
    return new Response(file.content, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachmentHeader(file.fileName),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    })
  },
})
