import { ajax, z } from '@/lib/http/ajax'
import { attachmentHeader } from '@/lib/downloads/get-download-file'
import { STEP_STATUSES, exportEvaluationsCsv } from '@/lib/flows/ajax/evaluations-records'

// GET /ajax/flow/evaluations/[actionId]/export – the evaluations as CSV, streamed (?status= to filter)
export const GET = ajax({
  resources: ['flows_reporting_export_recipients'],
  query: z.object({ status: z.union([z.enum(STEP_STATUSES), z.literal('all'), z.literal('')]).optional() }),
  handler: async ({ ctx, params, query }) => {
    const { fileName, stream } = await exportEvaluationsCsv(ctx.principal.companyId, params.actionId!, query.status)
    return new Response(stream, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': attachmentHeader(fileName), 'cache-control': 'no-store' } })
  },
})
