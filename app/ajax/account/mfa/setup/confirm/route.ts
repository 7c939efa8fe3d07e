import { ajax, z } from '@/lib/http/ajax'
import { mfaSetupActor } from '@/lib/account/mfa-actor'
import { confirmMfaSetup } from '@/lib/account/mfa-setup'
import { mailMfaChange } from '@/lib/account/mfa-change-notice'
import { completeMfaSignIn } from '@/lib/account/mfa-complete-sign-in'
import { sessionCookies } from '@/lib/auth/session'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/account/mfa/setup/confirm – the first code turns two-factor sign-in on; answers the 10 backup codes
export const POST = ajax({
  auth: 'none',
  body: z.object({ code: z.string().trim().min(1, 'Enter the 6-digit code.').max(20) }),
  handler: async ({ ctx, body }) => {
    const actor = await mfaSetupActor(ctx.cookies)
    const { backupCodes, change } = await confirmMfaSetup(actor.userId, body.code, {
      companyId: actor.companyId,
      ip: ctx.ip,
    })
    await mailMfaChange(actor.userId, change)
    if (actor.kind === 'full') return { enabled: true, backupCodes }
    // Set up during sign-in (the account requires it): the sign-in completes here.
    const session = await completeMfaSignIn(actor.pending)
    return jsonWithCookies({ enabled: true, backupCodes, signedIn: true }, await sessionCookies(session))
  },
})
