import { ajax, z } from '@/lib/http/ajax'
import { forbidden } from '@/lib/errors/app-error'
import { getMfaRequirement, setMfaRequirement } from '@/lib/account/mfa-requirement'

// GET /ajax/account/multi-factor/toggle – whether the account requires two-factor sign-in (two_step_required)
export const GET = ajax({
  resources: ['account_security_page'],
  handler: ({ ctx }) => getMfaRequirement(ctx.principal.companyId),
})

// POST /ajax/account/multi-factor/toggle – an owner requires (or stops requiring) two-factor sign-in for everyone
export const POST = ajax({
  resources: ['account_security_page'],
  body: z.object({ twoStepRequired: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]) }),
  handler: ({ ctx, body }) => {
    if (ctx.principal.role !== 'owner')
      throw forbidden('Only an owner can change whether two-factor sign-in is required.')
    return setMfaRequirement(ctx.principal.companyId, ctx.principal.userId, body.twoStepRequired)
  },
})
