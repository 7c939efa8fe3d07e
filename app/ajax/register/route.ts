import { ajax } from '@/lib/http/ajax'
import { registerBody, registerCompany } from '@/lib/auth/register-company'

// POST /ajax/register – signs up a company and its owner; the outcome goes to the mailbox
// (a confirmation link, or a notice that the address already has an account), so the answer
// is the same for new and existing emails
export const POST = ajax({
  auth: 'none',
  body: registerBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    await registerCompany(body, ctx.ip)
    return { ok: true, checkEmail: true }
  },
})
