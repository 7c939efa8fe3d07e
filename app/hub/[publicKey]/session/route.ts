import { clientIp } from '@/lib/http/client-ip'
import { hubRoute } from '@/lib/customer-hub/hub-route'
import { hubCodeVerifyBody, verifyHubCode } from '@/lib/customer-hub/hub-login'
import { HUB_SESSION_MINUTES, hubCookie, readHubCookie, revokeHubSession } from '@/lib/customer-hub/hub-session'

export const dynamic = 'force-dynamic'

const secure = (req: Request) => new URL(req.url).protocol === 'https:'

// POST /hub/{publicKey}/session – signs in with the mailed code; sets the hub's own session cookie
export const POST = hubRoute({
  body: hubCodeVerifyBody,
  handler: async ({ ctx, body }) => {
    const s = await verifyHubCode(ctx.company.id, body.email, body.code, clientIp(ctx.req))
    return Response.json(
      { ok: true, expiresAt: s.expiresAt.toISOString() },
      {
        headers: {
          'cache-control': 'no-store',
          'set-cookie': hubCookie(ctx.company.publicKey, s.token, secure(ctx.req), HUB_SESSION_MINUTES * 60),
        },
      },
    )
  },
})

// DELETE /hub/{publicKey}/session – signs out (ends the session and clears the cookie)
export const DELETE = hubRoute({
  handler: async ({ ctx }) => {
    await revokeHubSession(ctx.company.id, readHubCookie(ctx.req))
    return Response.json(
      { ok: true },
      { headers: { 'set-cookie': hubCookie(ctx.company.publicKey, '', secure(ctx.req), 0) } },
    )
  },
})
