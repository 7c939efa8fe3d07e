import { ajax } from '@/lib/http/ajax'
import { profileIdParam, suppressProfileBody } from '@/lib/profile-view/profile-params'
import { setProfileSuppression } from '@/lib/profile-view/set-profile-suppression'

// POST /ajax/profile/{id}/suppress – suppress the profile on a channel (email, sms) by hand
export const POST = ajax({
  resources: ['profile_write'],
  body: suppressProfileBody,
  handler: ({ ctx, params, body }) =>
    setProfileSuppression(ctx.principal.companyId, profileIdParam(params), body.channel, true),
})
