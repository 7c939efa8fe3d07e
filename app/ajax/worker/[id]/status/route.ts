import { ajax } from '@/lib/http/ajax'
import { getWorkerStatus } from '@/lib/downloads/get-worker-status'
import { intParam } from '@/lib/metrics/ajax-inputs'

// GET /ajax/worker/{id}/status – the export poll: status, percentComplete and the download it fills
export const GET = ajax({
  handler: ({ ctx, params }) => getWorkerStatus(ctx.principal.companyId, intParam(params.id)),
})
