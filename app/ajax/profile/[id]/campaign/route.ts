import { ajax } from '@/lib/http/ajax'
import { createProfileCampaign, profileCampaignBody } from '@/lib/profile-view/create-profile-campaign'
import { profileIdParam } from '@/lib/profile-view/profile-params'

// POST /ajax/profile/{id}/campaign – a Draft campaign whose audience is this one profile
export const POST = ajax({
  resources: ['campaigns_write', 'profile_read'],
  body: profileCampaignBody,
  status: 201,
  handler: ({ ctx, params, body }) =>
    createProfileCampaign(ctx.principal.companyId, profileIdParam(params), body, ctx.principal.userId),
})
