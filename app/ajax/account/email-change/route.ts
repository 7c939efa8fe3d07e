import { ajax } from '@/lib/http/ajax'
import { enforceRequestLimits } from '@/lib/rate-limit/request-limit'
import { requestEmailChange, requestEmailChangeBody } from '@/lib/account/personal-email-change'

const LIMIT = {
  bucket: 'email-change:user',
  max: 5,
  windowMs: 60 * 60 * 1000,
  message: 'Too many email change requests. Please try again later.',
}

// POST /ajax/account/email-change – email, password: mails a confirmation link to the new address
export const POST = ajax({
  body: requestEmailChangeBody,
  handler: async ({ ctx, body }) => {
    await enforceRequestLimits([[LIMIT, String(ctx.principal.userId)]])
    return requestEmailChange(ctx.principal.userId, body)
  },
})
