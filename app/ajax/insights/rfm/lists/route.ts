import { ajax } from '@/lib/http/ajax'
import { createRfmList } from '@/lib/insights/create-rfm-list'
import { rfmListBody } from '@/lib/insights/inputs'

// POST /ajax/insights/rfm/lists – a list holding the members of one RFM group as of a date (a snapshot)
export const POST = ajax({
  resources: ['metrics_read', 'groups_write'],
  body: rfmListBody,
  status: 201,
  handler: ({ ctx, body }) => createRfmList(ctx.principal.companyId, body),
})
