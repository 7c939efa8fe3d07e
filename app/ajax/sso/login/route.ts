import { ajax, z } from '@/lib/http/ajax'
import { startSso } from '@/lib/auth/sso/start-sso'

const body = z.object({ email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254) })

// POST /ajax/sso/login – the identity provider's sign-in address for this e-mail's account
export const POST = ajax({ auth: 'none', body, handler: ({ body }) => startSso({ email: body.email, mode: 'login' }) })
