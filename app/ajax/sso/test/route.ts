import { ajax } from '@/lib/http/ajax'
import { startSso } from '@/lib/auth/sso/start-sso'

// POST /ajax/sso/test – a test sign-in at the account's identity provider (records the result, signs nobody in)
export const POST = ajax({
  resources: ['account_security_page'],
  handler: ({ ctx }) => startSso({ companyId: ctx.principal.companyId, mode: 'test' }),
})
