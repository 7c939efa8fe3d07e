import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { sampleEvent } from '@/lib/cdp-code/sample-event'
import { CDP_CODE_READ } from '@/lib/cdp-code/screen-data'

// GET /ajax/cdp/code/sample-event?metric=… – the account's latest event of the metric, for a test run
export const GET = ajax({
  resources: CDP_CODE_READ,
  query: z.object({ metric: z.string().min(1, 'Choose a metric.').max(255) }),
  handler: async ({ ctx, query }) => sampleEvent(ctx.principal.companyId, query.metric),
})
