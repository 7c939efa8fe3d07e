import { ajax, z } from '@/lib/http/ajax'
import { confirmEmailChange } from '@/lib/account/personal-email-change'

// POST /ajax/account/email-change/confirm – the token of the mailed link changes the address (once, before it expires)
export const POST = ajax({
  auth: 'optional',
  body: z.object({ token: z.string().max(200) }),
  handler: ({ body }) => confirmEmailChange(body.token),
})
