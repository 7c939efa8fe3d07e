import { ajax } from '@/lib/http/ajax'
import { getGuideCampaignByMessage } from '@/lib/onboarding/segment-and-send'

// GET /ajax/onboarding/segment-and-send/message/{messageId} – the campaign of a message (the schedule step)
export const GET = ajax({
  resources: ['campaigns_read'],
  handler: ({ ctx, params }) => getGuideCampaignByMessage(ctx.principal.companyId, params.messageId!),
})
