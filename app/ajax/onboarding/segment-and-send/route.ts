import { ajax } from '@/lib/http/ajax'
import { createGuideCampaign, createGuideCampaignBody } from '@/lib/onboarding/segment-and-send'

// POST /ajax/onboarding/segment-and-send {goal, audienceId, starter | templateId} – makes the draft campaign
export const POST = ajax({
  resources: ['campaigns_write'],
  body: createGuideCampaignBody,
  status: 201,
  handler: ({ ctx, body }) => createGuideCampaign(ctx.principal.companyId, ctx.principal.userId, body),
})
