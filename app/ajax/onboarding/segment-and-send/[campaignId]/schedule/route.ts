import { ajax } from '@/lib/http/ajax'
import { guideScheduleBody, scheduleGuideCampaign } from '@/lib/onboarding/segment-and-send'

// POST /ajax/onboarding/segment-and-send/{campaignId}/schedule {sendAt?} – schedules it, or sends it now
export const POST = ajax({
  resources: ['campaigns_write'],
  body: guideScheduleBody,
  handler: ({ ctx, params, body }) =>
    scheduleGuideCampaign(ctx.principal.companyId, ctx.principal.userId, params.campaignId!, body),
})
