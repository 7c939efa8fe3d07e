import { ajax, z } from '@/lib/http/ajax'
import { changeCompanyTimeZone, getCompanyTimeZone } from '@/lib/account/change-company-timezone'

// GET /ajax/account/company-timezone – the account's time zone
export const GET = ajax({
  handler: async ({ ctx }) => ({ timezone: await getCompanyTimeZone(ctx.principal.companyId) }),
})

// POST /ajax/account/company-timezone – changes it (recorded; segments on day boundaries are recomputed)
export const POST = ajax({
  resources: ['account_info_organization', 'account_settings_write'],
  body: z.object({ timezone: z.string().max(100) }),
  handler: async ({ ctx, body }) => {
    const r = await changeCompanyTimeZone(ctx.principal.companyId, ctx.principal.userId, body.timezone)
    return { timezone: r.timezone, changed: r.changed, segmentsRecomputing: r.recomputing }
  },
})
