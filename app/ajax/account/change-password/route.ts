import { ajax } from '@/lib/http/ajax'
import { enforceRequestLimits } from '@/lib/rate-limit/request-limit'
import { changePassword, changePasswordBody } from '@/lib/account/personal-change-password'

// A stolen session must not become a fast way to guess the password.
const LIMIT = {
  bucket: 'change-password:user',
  max: 10,
  windowMs: 15 * 60 * 1000,
  message: 'Too many password change attempts. Please wait a few minutes and try again.',
}

// POST /ajax/account/change-password – old_password, new_password1, new_password2; ends my other sessions
export const POST = ajax({
  body: changePasswordBody,
  handler: async ({ ctx, body }) => {
    await enforceRequestLimits([[LIMIT, String(ctx.principal.userId)]])
    return changePassword(ctx.principal.userId, ctx.principal.sessionId, body)
  },
})
