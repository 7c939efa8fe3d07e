import { clientIp } from '@/lib/http/client-ip'
import { hubRoute } from '@/lib/customer-hub/hub-route'
import { hubCodeRequestBody, requestHubCode } from '@/lib/customer-hub/hub-login'

export const dynamic = 'force-dynamic'

// POST /hub/{publicKey}/code – mails a one-time sign-in code (202 whether or not the address is a customer)
export const POST = hubRoute({
  body: hubCodeRequestBody,
  handler: async ({ ctx, body }) => {
    await requestHubCode(ctx.company, body.email, clientIp(ctx.req))
    return Response.json({ ok: true }, { status: 202, headers: { 'cache-control': 'no-store' } })
  },
})
