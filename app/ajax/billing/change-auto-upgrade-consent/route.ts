import { ajax, z } from '@/lib/http/ajax'
import { changeAutoUpgradeConsent } from '@/lib/billing/billing-settings'

// POST /ajax/billing/change-auto-upgrade-consent – move up a tier at the limit instead of skipping (per channel)
export const POST = ajax({
  resources: ['billing_write'],
  body: z
    .object({ emailEnabled: z.boolean().optional(), smsEnabled: z.boolean().optional() })
    .refine((b) => b.emailEnabled !== undefined || b.smsEnabled !== undefined, {
      message: 'Send emailEnabled, smsEnabled or both.',
      path: ['emailEnabled'],
    }),
  handler: ({ ctx, body }) => changeAutoUpgradeConsent(ctx.principal.companyId, ctx.principal.userId, body),
})
