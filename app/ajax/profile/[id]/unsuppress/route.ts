import { ajax } from '@/lib/http/ajax'
import { profileIdParam, suppressProfileBody } from '@/lib/profile-view/profile-params'
import { setProfileSuppression } from '@/lib/profile-view/set-profile-suppression'

// POST /ajax/profile/{id}/unsuppress – clear the manual suppression of a channel (email, sms)
export const POST = ajax({
  resources: ['profile_write'],
  body: suppressProfileBody,
  handler: ({ ctx, params, body }) =>
    setProfileSuppression(ctx.principal.companyId, profileIdParam(params), body.channel, false),
})
