import { ajax } from '@/lib/http/ajax'
import { enforceRequestLimits } from '@/lib/rate-limit/request-limit'
import { resendEmailConfirmation } from '@/lib/account/personal-email-confirmation'

const LIMIT = {
  bucket: 'email-confirmation:user',
  max: 3,
  windowMs: 60 * 60 * 1000,
  message: 'Too many confirmation emails. Please try again later.',
}

// POST /ajax/account/email-confirmation/resend – sends the sign-up confirmation link again
export const POST = ajax({
  handler: async ({ ctx }) => {
    await enforceRequestLimits([[LIMIT, String(ctx.principal.userId)]])
    return resendEmailConfirmation(ctx.principal.userId)
  },
})
