import { ajax } from '@/lib/http/ajax'
import { changeProfile, changeProfileBody } from '@/lib/account/personal-profile'

// POST /ajax/account/change-profile – first_name, last_name of the signed-in user
export const POST = ajax({
  body: changeProfileBody,
  handler: ({ ctx, body }) => changeProfile(ctx.principal.userId, body),
})
