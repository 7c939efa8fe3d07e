import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { findCompanyProfile } from '@/lib/profile-view/get-profile-detail'
import { profileActivityLog } from '@/lib/profile-view/profile-pages'
import { profileIdParam } from '@/lib/profile-view/profile-params'

// GET /ajax/profile/{id}/activity-log – list and segment entries and exits, consent, creation; newest first
export const GET = ajax({
  resources: ['profile_read'],
  handler: async ({ ctx, params }) => {
    const id = profileIdParam(params)
    if (!(await findCompanyProfile(ctx.principal.companyId, id))) throw notFound('Profile not found.')
    return { entries: await profileActivityLog(ctx.principal.companyId, id) }
  },
})
