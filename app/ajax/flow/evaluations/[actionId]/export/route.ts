import { ajax, z } from '@/lib/http/ajax'
import { attachmentHeader } from '@/lib/downloads/get-download-file'
import { STEP_STATUSES, exportEvaluationsCsv } from '@/lib/flows/ajax/evaluations-records'
import { startEvaluationsExport } from '@/lib/flows/ajax/evaluations-export'

const status = z.union([z.enum(STEP_STATUSES), z.literal('all'), z.literal('')]).optional()

// GET /ajax/flow/evaluations/[actionId]/export – the evaluations as CSV, streamed (?status= to filter)
export const GET = ajax({
  resources: ['flows_reporting_export_recipients'],
  query: z.object({ status }),
  handler: async ({ ctx, params, query }) => {
    const { fileName, stream } = await exportEvaluationsCsv(ctx.principal.companyId, params.actionId!, query.status)
    return new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachmentHeader(fileName),
        'cache-control': 'no-store',
      },
    })
  },
})

// POST /ajax/flow/evaluations/[actionId]/export – the same as a download: poll /ajax/worker/{workerId}/status, then GET /ajax/downloads/{downloadId}/file
export const POST = ajax({
  resources: ['flows_reporting_export_recipients'],
  body: z.object({ status }),
  status: 202,
  handler: ({ ctx, params, body }) =>
    startEvaluationsExport(ctx.principal.companyId, ctx.principal.userId, params.actionId!, body.status || undefined),
})
