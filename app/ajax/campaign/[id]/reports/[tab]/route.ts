import { ajax } from '@/lib/http/ajax'
import { READ } from '@/lib/campaigns/ajax/common'
import { campaignReportTab } from '@/lib/campaigns/reports/tabs'

// GET /ajax/campaign/{id}/reports/{recipients|conversions|links|link-who|audience|deliverability|variations|advanced}
// – one report tab of the company's campaign (overview has its own route); 400 for an unknown tab or a bad query
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) =>
    campaignReportTab(ctx.principal.companyId, params.id!, params.tab!, new URL(ctx.req.url).searchParams),
})
