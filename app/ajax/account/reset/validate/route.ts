import { ajax, z } from '@/lib/http/ajax'
import { findValidResetToken } from '@/lib/auth/reset-token'

// GET /ajax/account/reset/validate – whether a reset link (uid, token) can still be used
export const GET = ajax({
  auth: 'none',
  query: z.object({ uid: z.string().max(40).default(''), token: z.string().max(200).default('') }),
  handler: async ({ query }) => ({ valid: (await findValidResetToken(query.uid, query.token)) !== null }),
})
