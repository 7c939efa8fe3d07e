import { ajax, z } from '@/lib/http/ajax'
import { requestPasswordReset } from '@/lib/auth/request-password-reset'

// POST /ajax/account/password-reset – emails a reset link; the same answer for unknown emails
export const POST = ajax({
  auth: 'none',
  body: z.object({ email: z.string().trim().email('Enter a valid email address.').max(254) }),
  handler: async ({ ctx, body }) => {
    await requestPasswordReset(body.email, ctx.ip)
    return { ok: true }
  },
})
