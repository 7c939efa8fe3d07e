import { ajax } from '@/lib/http/ajax'
import { getRfm } from '@/lib/insights/get-rfm'
import { rfmQuery } from '@/lib/insights/inputs'

// GET /ajax/insights/rfm – RFM group sizes and revenue as of a date, and the movement since a comparison date
export const GET = ajax({
  resources: ['metrics_read'],
  query: rfmQuery,
  handler: ({ ctx, query }) => getRfm(ctx.principal.companyId, query),
})
export type RfmResponse = Awaited<ReturnType<typeof getRfm>>
