import { ajax } from '@/lib/http/ajax'
import { mfaSetupActor } from '@/lib/account/mfa-actor'
import { startMfaSetup } from '@/lib/account/mfa-setup'

// POST /ajax/account/mfa/setup – a new authenticator secret with its QR code (shown once, confirmed by a code)
export const POST = ajax({
  auth: 'none',
  handler: async ({ ctx }) => {
    const actor = await mfaSetupActor(ctx.cookies)
    return startMfaSetup({ id: actor.userId, email: actor.email })
  },
})
