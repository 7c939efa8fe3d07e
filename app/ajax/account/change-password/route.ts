import { ajax } from '@/lib/http/ajax'
import { changePassword, changePasswordBody } from '@/lib/account/personal-change-password'

// POST /ajax/account/change-password – old_password, new_password1, new_password2; ends my other sessions
export const POST = ajax({
  body: changePasswordBody,
  handler: ({ ctx, body }) => changePassword(ctx.principal.userId, ctx.principal.sessionId, body),
})
