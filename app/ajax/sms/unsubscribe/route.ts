import { ajax, z } from '@/lib/http/ajax'
import { unsubscribeSmsByToken } from '@/lib/messaging/sms/unsubscribe-by-token'

// POST /ajax/sms/unsubscribe – the public SMS unsubscribe page's button (signed token from the link)
export const POST = ajax({
  auth: 'none',
  body: z.object({ token: z.string().min(1).max(300) }),
  handler: ({ body }) => unsubscribeSmsByToken(body.token),
})
