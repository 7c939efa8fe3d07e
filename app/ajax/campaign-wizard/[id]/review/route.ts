import { ajax } from '@/lib/http/ajax'
import { READ } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign-wizard/{id}/review – the campaign, what would stop it being sent, and the last estimation
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.wizardReview(ctx.principal.companyId, params.id!),
})
