import { ajax, z } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/password'
import { resetPassword } from '@/lib/auth/reset-password'

const resetBody = z.object({
  uid: z.string().max(40),
  token: z.string().max(200),
  password1: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`).max(200),
  password2: z.string().max(200),
})

// POST /ajax/account/reset – sets a new password from a reset link and ends all sessions
export const POST = ajax({
  auth: 'none',
  body: resetBody,
  handler: async ({ body }) => {
    if (body.password1 !== body.password2)
      throw badRequest('Please correct the highlighted fields.', { password2: ['The two passwords do not match.'] })
    await resetPassword({ uid: body.uid, token: body.token, password: body.password1 })
    return { ok: true }
  },
})
