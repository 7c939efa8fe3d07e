import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { refusedRows } from '@/lib/integrations/csv-events/list-imports'

// GET /ajax/integrations/csv-events/{importId}/refused – the refused rows with a reason column (CSV)
export const GET = ajax({
  resources: ['integrations_read'],
  handler: async ({ ctx, params }) => {
    const file = await refusedRows(ctx.principal.companyId, params.importId!)
    if (!file) throw notFound('Import not found.')
    return new Response(file.csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`,
      },
    })
  },
})
