import { ajax } from '@/lib/http/ajax'
import { checkEmail, checkEmailBody } from '@/lib/auth/sso/check-email'

// POST /ajax/sso/check-email – which sign-in an e-mail address uses (by its domain): password or SSO
export const POST = ajax({ auth: 'none', body: checkEmailBody, handler: ({ body }) => checkEmail(body.email) })
