import { ajax, z } from '@/lib/http/ajax'
import { getConsentView, grantStaffConsent, revokeStaffConsent } from '@/lib/auth/grant-staff-consent'

// GET /ajax/consent/grant – the current company's staff consent, or null
export const GET = ajax({
  handler: async ({ ctx }) => ({ data: await getConsentView(ctx.principal.companyId) }),
})

// POST /ajax/consent/grant – grants staff access until the end of the chosen day
export const POST = ajax({
  resources: ['staff_consent_write'],
  body: z.object({ expiresAt: z.string().min(1, 'Choose a day.').max(40) }),
  handler: async ({ ctx, body }) => ({
    data: await grantStaffConsent(ctx.principal.companyId, ctx.principal.userId, body.expiresAt),
  }),
})

// DELETE /ajax/consent/grant – revokes staff access now
export const DELETE = ajax({
  resources: ['staff_consent_write'],
  handler: async ({ ctx }) => {
    await revokeStaffConsent(ctx.principal.companyId)
    return { data: null }
  },
})
