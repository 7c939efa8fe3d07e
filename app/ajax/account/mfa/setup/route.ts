import { ajax } from '@/lib/http/ajax'
import { mfaSetupActor } from '@/lib/account/mfa-actor'
import { startMfaSetup } from '@/lib/account/mfa-setup'
import { assertMfaReauth, mfaReauthBody } from '@/lib/account/mfa-reauth'

// POST /ajax/account/mfa/setup – a new authenticator secret with its QR code (shown once, confirmed by a code); replacing one that is on needs the password or a current code
export const POST = ajax({
  auth: 'none',
  body: mfaReauthBody,
  handler: async ({ ctx, body }) => {
    const actor = await mfaSetupActor(ctx.cookies)
    // A half-authenticated 'setup' session belongs to a user without two-factor sign-in.
    if (actor.kind === 'full') await assertMfaReauth(actor.userId, body, ctx.ip)
    return startMfaSetup({ id: actor.userId, email: actor.email })
  },
})
