import { ajax } from '@/lib/http/ajax'
import { attachmentHeader } from '@/lib/downloads/get-download-file'
import { AppError } from '@/lib/errors/app-error'
import { getReportRun } from '@/lib/analytics/report-runs'
import { reportCsvFileName, reportCsvStream } from '@/lib/analytics/report-csv'

// GET /ajax/analytics/runs/{id}/csv – a complete run's table as a CSV download (streamed)
export const GET = ajax({
  resources: ['ca_reports_view'],
  handler: async ({ ctx, params }) => {
    const run = await getReportRun(ctx.principal.companyId, params.id!)
    if (run.status !== 'complete' || !run.result)
      throw new AppError('conflict', 409, 'The report has not finished running yet.')
    return new Response(reportCsvStream(run.result), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachmentHeader(reportCsvFileName(run.result.source, run.createdAt)),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    })
  },
})
