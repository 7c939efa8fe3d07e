import { ajax } from '@/lib/http/ajax'
import { attachmentHeader } from '@/lib/downloads/get-download-file'
import { listImportRefusedRows } from '@/lib/groups/list-import-refused-rows'

// GET /ajax/list/[id]/imports/[importId]/refused – the rows the import refused, with their reasons, as a CSV attachment
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => {
    const file = await listImportRefusedRows(ctx.principal.companyId, params.id!, params.importId!)
    return new Response(file.csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachmentHeader(file.fileName),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    })
  },
})
